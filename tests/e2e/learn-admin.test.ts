import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { newAccount, signUpByApi } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { expectNoHorizontalOverflow, heading, toast, useJourney } from "./support/journey.ts";

const ADMIN = newAccount("admin");
const j = useJourney({ ADMIN_EMAILS: ADMIN.email });

/** Writes a question in the open question form: the prompt, its options, the right one and why. */
async function writeQuestion(page: Page, prompt: string, options: string[], right: number, why: string) {
  await page.getByRole("button", { name: "Add question" }).click();
  const form = page.getByRole("form", { name: "New question" });
  await form.getByLabel("Question", { exact: true }).fill(prompt);
  for (const [i, text] of options.entries()) {
    if (i >= 2) await form.getByRole("button", { name: "Add option" }).click();
    await form.getByLabel(`Option ${i + 1}`, { exact: true }).fill(text);
  }
  await form.getByLabel(`Option ${right + 1} is right`).check();
  await form.getByLabel("Explanation").fill(why);
  await form.getByRole("button", { name: "Add question" }).click();
  await toast(page, "Question added").waitFor();
  await page.getByText(prompt).waitFor();
}

describe("learn admin", () => {
  it("an admin writes a course with a lesson, a quiz and an exam bank, publishes it, and a learner sees it", async () => {
    const admin = await signUpByApi(j.server, ADMIN);
    const page = await j.open({ as: admin, viewport: "desktop" });
    await page.goto("/admin");
    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Learn" })
      .click();
    await page.getByRole("heading", { name: "Learn", level: 2 }).waitFor();
    await page.getByText("No courses yet. Write the first one.").waitFor();
    await shot(page, "learn-admin-empty-dark-1280");
    await page.getByRole("link", { name: "New course" }).click();
    await page.getByRole("heading", { name: "New course" }).waitFor();

    // Saving empty shows the shared schema's message.
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByText("Title is required").waitFor();

    await page.getByLabel("Title").fill("Spotting a rug pull");
    expect(await page.getByLabel("Slug").inputValue()).toBe("spotting-a-rug-pull");
    await page
      .getByLabel("Description")
      .fill("Locked liquidity, mint authority and the other tells of a rug.");
    await page.getByLabel("Level").selectOption("intermediate");
    await page.getByLabel("Estimated minutes").fill("15");
    await page.getByLabel("Pass mark (%)").fill("101");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByText("Pass mark must be a whole percent from 1 to 100").waitFor();
    await page.getByLabel("Pass mark (%)").fill("75");
    await page.getByRole("button", { name: "Save draft" }).click();
    await toast(page, "Draft saved").waitFor();
    await page.getByRole("heading", { name: "Edit course" }).waitFor();
    await page.getByText("No lessons yet. Add the first one.").waitFor();
    // Saved, it takes a cover upload; saving the form afterwards keeps it.
    await page.getByLabel("Cover image", { exact: true }).setInputFiles({
      name: "cover.png",
      mimeType: "image/png",
      buffer: await sharp({
        create: { width: 1200, height: 630, channels: 3, background: { r: 16, g: 185, b: 129 } },
      })
        .png()
        .toBuffer(),
    });
    await toast(page, "Cover updated").waitFor();
    await page.getByRole("button", { name: "Change cover" }).waitFor();
    expect(await page.getByLabel("Cover image URL").inputValue()).toMatch(/^\/media\/learn\//);

    // A lesson, with the server's rendering as its preview.
    await page.getByRole("link", { name: "Add lesson" }).click();
    await page.getByRole("heading", { name: "New lesson" }).waitFor();
    await page.getByLabel("Title").fill("Locked liquidity");
    await page.getByLabel("Minutes", { exact: true }).fill("6");
    await page
      .getByLabel("Text (Markdown)")
      .fill(
        "## Is the pool locked?\n\n- Check the lock's **end date**.\n- Burned LP cannot be pulled.\n\n<script>x</script>",
      );
    const preview = page.getByRole("region", { name: "Preview" });
    await preview.getByRole("heading", { name: "Is the pool locked?", level: 2 }).waitFor();
    await preview.getByText("end date").waitFor();
    expect(await preview.locator("script").count()).toBe(0);
    await page.getByLabel("Video link").fill("https://example.com/video");
    await page.getByRole("button", { name: "Add lesson" }).click();
    await page.getByText("Videos can be linked from YouTube or Vimeo only").waitFor();
    await page.getByLabel("Video link").fill("");
    await page.getByRole("button", { name: "Add lesson" }).click();
    await toast(page, "Lesson added").waitFor();
    await page.getByRole("heading", { name: "Lesson 1" }).waitFor();

    // Its quiz: a single-choice question, after the schema refuses one with no right answer.
    await page.getByRole("button", { name: "Add question" }).click();
    const form = page.getByRole("form", { name: "New question" });
    await form.getByLabel("Question", { exact: true }).fill("What makes liquidity safe from a pull?");
    await form.getByLabel("Option 1", { exact: true }).fill("A big pool");
    await form.getByLabel("Option 2", { exact: true }).fill("Burned or locked LP tokens");
    await form.getByRole("button", { name: "Add question" }).click();
    await form.getByText("Mark at least one option as correct").waitFor();
    await form.getByLabel("Option 2 is right").check();
    await form.getByLabel("Explanation").fill("Only LP tokens nobody holds cannot be redeemed.");
    await form.getByRole("button", { name: "Add question" }).click();
    await toast(page, "Question added").waitFor();
    await page.getByText("What makes liquidity safe from a pull?").waitFor();
    await shot(page, "learn-admin-lesson-dark-1280");

    // The exam bank, then publishing.
    await page.getByRole("link", { name: "Spotting a rug pull" }).click();
    await page.getByRole("heading", { name: "Edit course" }).waitFor();
    await page.getByText("Quiz: 1 question").waitFor();
    await writeQuestion(
      page,
      "Who can mint more of a token with mint authority left on?",
      ["Anyone", "The authority's holder", "Nobody"],
      1,
      "The mint authority can print tokens at will.",
    );
    await page
      .getByText("The bank holds 1 of the 10 questions an exam asks, so each exam asks that one.")
      .waitFor();
    await page.getByLabel("Published: learners see it on /learn").click();
    await page.getByRole("button", { name: "Publish" }).click();
    await toast(page, "Course published").waitFor();
    await page.getByRole("link", { name: "View course" }).waitFor();
    await shot(page, "learn-admin-course-dark-1280");

    // On a phone in the light theme: the list, and a second course whose slug the server refuses.
    const phone = await j.open({ as: admin, viewport: "mobile", theme: "light" });
    await phone.goto("/admin/learn");
    await phone.getByRole("link", { name: /Spotting a rug pull/ }).waitFor();
    await shot(phone, "learn-admin-list-light-390");
    await expectNoHorizontalOverflow(phone);
    await phone.getByRole("link", { name: "New course" }).click();
    await phone.getByLabel("Title").fill("Spotting a rug pull");
    await phone.getByRole("button", { name: "Save draft" }).click();
    await phone.getByText("That slug is already used by another course").waitFor();
    await shot(phone, "learn-admin-slug-taken-light-390");
    await expectNoHorizontalOverflow(phone);
    await phone.goto("/admin/learn");
    await phone.getByRole("link", { name: /Spotting a rug pull/ }).click();
    await phone.getByRole("heading", { name: "Edit course" }).waitFor();
    await phone.getByText("Who can mint more of a token with mint authority left on?").waitFor();
    await shot(phone, "learn-admin-course-light-390");
    await expectNoHorizontalOverflow(phone);
    await phone.getByRole("link", { name: 'Edit "Locked liquidity"' }).click();
    await phone.getByRole("heading", { name: "Lesson 1" }).waitFor();
    await phone.getByRole("tab", { name: "Preview" }).click();
    await phone
      .getByRole("region", { name: "Preview" })
      .getByRole("heading", { name: "Is the pool locked?" })
      .waitFor();
    await shot(phone, "learn-admin-lesson-light-390");
    await expectNoHorizontalOverflow(phone);

    // The editor in the light theme on a laptop.
    const light = await j.open({ as: admin, viewport: "desktop", theme: "light" });
    await light.goto("/admin/learn");
    await light.getByRole("link", { name: /Spotting a rug pull/ }).click();
    await light.getByRole("heading", { name: "Edit course" }).waitFor();
    await light.getByRole("img", { name: "Cover" }).waitFor();
    await shot(light, "learn-admin-course-light-1280");
    await light.getByRole("link", { name: 'Edit "Locked liquidity"' }).click();
    await light
      .getByRole("region", { name: "Preview" })
      .getByRole("heading", { name: "Is the pool locked?" })
      .waitFor();
    await shot(light, "learn-admin-lesson-light-1280");

    // The load error: the list's API fails, Retry brings it back.
    const failing = await j.open({ as: admin, viewport: "mobile" });
    await failing.route("**/api/admin/learn/courses", (route) => route.fulfill({ status: 500, json: {} }));
    await failing.goto("/admin/learn");
    await failing.getByText("Could not load the courses").waitFor({ timeout: 15_000 });
    await shot(failing, "learn-admin-error-dark-390");
    await failing.unroute("**/api/admin/learn/courses");
    await failing.getByRole("button", { name: "Retry" }).click();
    await failing.getByRole("link", { name: /Spotting a rug pull/ }).waitFor();

    // A learner finds it on /learn and reads the lesson.
    const learner = await signUpByApi(j.server, newAccount("learner"));
    const reader = await j.open({ as: learner, viewport: "mobile" });
    await reader.goto("/learn");
    await reader.getByRole("link", { name: "Spotting a rug pull" }).waitFor();
    expect(await reader.locator('img[src^="/media/learn/"]').count()).toBeGreaterThan(0);
    await shot(reader, "learn-admin-learner-list-dark-390");
    await reader.getByRole("link", { name: "Spotting a rug pull" }).click();
    await heading(reader, "Spotting a rug pull").waitFor();
    await reader
      .getByRole("link", { name: /Locked liquidity/ })
      .first()
      .click();
    await reader.getByRole("heading", { name: "Is the pool locked?" }).waitFor();
    await shot(reader, "learn-admin-learner-lesson-dark-390");
  });
});
