import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newAccount, postJson, signUpByApi } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { expectNoHorizontalOverflow, heading, useJourney } from "./support/journey.ts";

const ADMIN = newAccount("admin");
const j = useJourney({ ADMIN_EMAILS: ADMIN.email });

type TAdminCourse = { id: string; slug: string; lessons: { id: string }[] };

const rightOrWrong = (prompt: string, explanation: string) => ({
  prompt,
  options: ["Right", "Wrong", "Also wrong"],
  correct: [0],
  explanation,
});

/** A published course written through the admin API: a lesson with a two-question quiz, a plain one, a bank. */
async function writeCourse(adminCookie: string): Promise<TAdminCourse> {
  const send = async (path: string, body: unknown) => {
    const res = await postJson(j.server, path, body, adminCookie);
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
    return (await res.json()) as TAdminCourse;
  };
  const course = await send("/api/admin/learn/courses", {
    title: "Wallet safety basics",
    slug: "wallet-safety",
    description:
      "Seed phrases, hardware wallets and approvals: what to guard, and the tricks used to get it.",
    level: "beginner",
    minutes: 20,
    published: true,
  });
  const withLesson = await send(`/api/admin/learn/courses/${course.id}/lessons`, {
    title: "Your seed phrase is the wallet",
    minutes: 6,
    body: "## Keep it offline\n\n- Write it on paper.\n- Never type it into a website.\n\n> **Rule of thumb:** nobody real asks for it.\n\n<script>alert('x')</script>",
  });
  const lessonId = withLesson.lessons[0]?.id;
  await send(`/api/admin/learn/courses/${course.id}/questions`, {
    ...rightOrWrong("Who may ask for your seed phrase?", "Nobody: anyone who asks is stealing it."),
    options: ["Nobody", "Support staff", "A moderator"],
    lessonId,
  });
  await send(`/api/admin/learn/courses/${course.id}/questions`, {
    ...rightOrWrong("Where do you keep the seed phrase?", "Offline copies cannot be read by malware."),
    options: ["Paper in a safe", "A photo on your phone", "A notes app"],
    lessonId,
  });
  await send(`/api/admin/learn/courses/${course.id}/lessons`, {
    title: "Approvals you forgot",
    minutes: 4,
    body: "Revoke what you no longer use.",
    videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  });
  return send(`/api/admin/learn/courses/${course.id}/questions`, rightOrWrong("Exam question", "Because."));
}

async function answer(page: Page, question: number, option: string) {
  await page
    .getByRole("group", { name: `Question ${question}` })
    .getByLabel(option)
    .check();
}

describe("learn", () => {
  it("a learner reads a lesson, fails then passes its quiz, and sees the points", async () => {
    const admin = await signUpByApi(j.server, ADMIN);
    const course = await writeCourse(admin.cookie);
    const lessonPath = `/learn/course/${course.slug}/lesson/${course.lessons[0]?.id}`;

    // A visitor browses the course list and is asked to sign in for a quiz.
    const visitor = await j.open({ viewport: "desktop" });
    await visitor.goto("/learn");
    await visitor.getByRole("link", { name: "Wallet safety basics" }).waitFor();
    expect(await visitor.getByText("2 lessons").count()).toBe(1);
    await shot(visitor, "learn-courses-dark-1280");
    await visitor.goto(`${lessonPath}/quiz`);
    await visitor.getByText("Sign in to take quizzes").waitFor();

    const learner = await signUpByApi(j.server, newAccount("learner"));
    const phone = await j.open({ as: learner, viewport: "mobile", theme: "light" });
    await phone.goto("/learn");
    await phone.getByRole("link", { name: "Wallet safety basics" }).waitFor();
    await shot(phone, "learn-courses-light-390");
    await phone.getByRole("link", { name: "Wallet safety basics" }).click();
    await heading(phone, "Wallet safety basics").waitFor();
    await phone.getByRole("link", { name: "Start course" }).click();
    await heading(phone, "Your seed phrase is the wallet").waitFor();
    await phone.getByRole("heading", { level: 2, name: "Keep it offline" }).waitFor();
    // The author's raw HTML is shown as text, never run.
    await phone.getByText(/<script>alert/).waitFor();
    await expectNoHorizontalOverflow(phone);
    await shot(phone, "learn-lesson-light-390");

    await phone.getByRole("link", { name: "Take the quiz" }).click();
    await phone.getByRole("group", { name: "Question 1" }).waitFor();
    await answer(phone, 1, "Nobody");
    await answer(phone, 2, "A photo on your phone");
    await phone.getByRole("button", { name: "Submit answers" }).click();
    await phone.getByText("Not passed yet: 1 of 2 right (50%)").waitFor();
    await phone.getByText("Offline copies cannot be read by malware.").waitFor();
    await shot(phone, "learn-quiz-failed-light-390");

    await phone.getByRole("button", { name: "Try again" }).click();
    await phone.getByRole("button", { name: "Submit answers" }).waitFor();
    await answer(phone, 1, "Nobody");
    await answer(phone, 2, "Paper in a safe");
    await phone.getByRole("button", { name: "Submit answers" }).click();
    await phone.getByText("Passed: 2 of 2 right (100%)").waitFor();
    await phone.getByText("You earned 30 points.").waitFor();
    await shot(phone, "learn-quiz-passed-light-390");

    // The points are in the ledger: 100 for the account, 20 for the quiz, 10 for the lesson.
    await phone.goto("/dashboard/points");
    await phone.getByTestId("points-balance").filter({ hasText: "130" }).waitFor();
    // The dashboard's Learning section lists the course as in progress.
    await phone.goto("/dashboard/learning");
    await phone.getByRole("heading", { name: "In progress" }).waitFor();
    await phone.getByText("1/2 lessons").waitFor();
    await expectNoHorizontalOverflow(phone);
    await shot(phone, "learn-dashboard-progress-light-390");

    // On a laptop in the dark theme the lesson shows as done, and the outline counts it.
    const laptop = await j.open({ as: learner, viewport: "desktop" });
    await laptop.goto(lessonPath);
    await laptop.getByText("Quiz passed").waitFor();
    await shot(laptop, "learn-lesson-dark-1280");
    await laptop.goto(`/learn/course/${course.slug}`);
    await laptop.getByText("1/2 lessons").waitFor();
    await shot(laptop, "learn-course-dark-1280");

    // The second lesson has no quiz: Mark as complete finishes it, and the exam opens.
    await laptop.getByRole("link", { name: "Continue" }).click();
    await heading(laptop, "Approvals you forgot").waitFor();
    // Its video asks nothing of YouTube until played; then YouTube's privacy-enhanced player plays it, which the
    // page's CSP lets frame here (this machine has no internet: the player's address answers from the test).
    const player: string[] = [];
    await laptop.route("https://www.youtube-nocookie.com/**", (route) => {
      player.push(route.request().url());
      return route.fulfill({ contentType: "text/html", body: "<title>Player</title><p>The player</p>" });
    });
    await laptop.getByRole("button", { name: "Play the lesson's video" }).waitFor();
    await shot(laptop, "learn-lesson-video-dark-1280");
    expect(player).toEqual([]);
    await laptop.getByRole("button", { name: "Play the lesson's video" }).click();
    await laptop
      .frameLocator('iframe[title="Video: Approvals you forgot"]')
      .getByText("The player")
      .waitFor();
    expect(player).toEqual(["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"]);
    await phone.goto(`/learn/course/${course.slug}/lesson/${course.lessons[1]?.id}`);
    await phone.getByRole("button", { name: "Play the lesson's video" }).waitFor();
    await expectNoHorizontalOverflow(phone);
    await shot(phone, "learn-lesson-video-light-390");
    await laptop.getByRole("button", { name: "Mark as complete" }).click();
    await laptop.getByText("Lesson complete", { exact: true }).waitFor();
    await laptop.goto(`/learn/course/${course.slug}/exam`);
    await laptop.getByRole("button", { name: "Start the exam" }).click();
    await laptop.getByRole("timer").waitFor();
    expect(await laptop.getByRole("timer").textContent()).toMatch(/Time left(20:00|19:5\d)/);
    await shot(laptop, "learn-exam-dark-1280");
    await answer(laptop, 1, "Right");
    await laptop.getByRole("button", { name: "Submit answers" }).click();
    await laptop.getByText("Passed: 1 of 1 right (100%)").waitFor();
    await laptop.getByRole("link", { name: "View your certificate" }).click();
    await heading(laptop, "Wallet safety basics").waitFor();
    await laptop.getByText(`@${learner.username}`).waitFor();

    // Anyone can verify the certificate by its link: a visitor on a phone in the dark theme, and in light at 1280.
    const code = laptop.url().split("/").pop() ?? "";
    const verifier = await j.open({ viewport: "mobile" });
    await verifier.goto(`/learn/certificates/${code}`);
    await verifier.getByText("Certificate of completion").waitFor();
    await verifier.getByText(`@${learner.username}`).waitFor();
    await expectNoHorizontalOverflow(verifier);
    await shot(verifier, "learn-certificate-dark-390");
    const light = await j.open({ as: learner, viewport: "desktop", theme: "light" });
    await light.goto(`/learn/certificates/${code}`);
    await light.getByText("Certificate of completion").waitFor();
    await shot(light, "learn-certificate-light-1280");
    await light.goto("/learn");
    await light.getByRole("link", { name: "Wallet safety basics" }).waitFor();
    await shot(light, "learn-courses-completed-light-1280");
    await light.getByText(/Completed [A-Z][a-z]{2} \d{1,2}, \d{4}/).waitFor();
    await shot(light, "learn-courses-completed-light-1280");
    // 100 + 20 + 10 for the first lesson, 10 for the second, 100 for the exam.
    await light.goto("/dashboard/points");
    await light.getByTestId("points-balance").filter({ hasText: "240" }).waitFor();
    // The Learning section now lists it as completed, with its certificate.
    await light.goto("/dashboard/learning");
    await light.getByRole("heading", { name: "Completed" }).waitFor();
    await light.getByText("0 in progress · 1 completed · 1 certificate").waitFor();
    await shot(light, "learn-dashboard-completed-light-1280");
    await laptop.goto("/dashboard/learning");
    await laptop.getByRole("link", { name: "Certificate" }).click();
    await laptop.getByText("Certificate of completion").waitFor();
    expect(laptop.url()).toContain(`/learn/certificates/${code}`);
    await laptop.goto("/dashboard/learning");
    await laptop.getByRole("heading", { name: "Completed" }).waitFor();
    await shot(laptop, "learn-dashboard-completed-dark-1280");
  });

  it("a learner who failed the exam sees the cool-down count down, on the course and the exam page", async () => {
    const admin = await signUpByApi(j.server, ADMIN).catch(async () => {
      const res = await postJson(j.server, "/api/auth/sign-in/email", {
        email: ADMIN.email,
        password: ADMIN.password,
      });
      return {
        cookie: res.headers
          .getSetCookie()
          .map((l) => l.split(";")[0])
          .join("; "),
      };
    });
    const courses = (await (await fetch(`${j.server.url}/api/learn/courses`)).json()) as {
      items: { id: string; slug: string }[];
    };
    const course = courses.items.find((c) => c.slug === "wallet-safety") ?? (await writeCourse(admin.cookie));
    const learner = await signUpByApi(j.server, newAccount("retaker"));
    const api = async <T>(path: string, body: unknown): Promise<T> => {
      const res = await postJson(j.server, path, body, learner.cookie);
      expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
      return (await res.json()) as T;
    };
    type TOpenAttempt = { id: string; questions: { id: string; options: { id: string; text: string }[] }[] };
    const pick = (attempt: TOpenAttempt, texts: string[]) => ({
      answers: attempt.questions.map((q) => ({
        questionId: q.id,
        optionIds: q.options.filter((o) => texts.includes(o.text)).map((o) => o.id),
      })),
    });
    // Both lessons done through the API (the quiz passed, the plain lesson marked), then the exam failed.
    const detail = (await (await fetch(`${j.server.url}/api/learn/courses/${course.slug}`)).json()) as {
      lessons: { id: string }[];
    };
    const [first, second] = detail.lessons;
    const quiz = await api<TOpenAttempt>(`/api/learn/lessons/${first?.id}/quiz/attempts`, {});
    await api(`/api/learn/attempts/${quiz.id}/submit`, pick(quiz, ["Nobody", "Paper in a safe"]));
    await api(`/api/learn/lessons/${second?.id}/complete`, {});
    const exam = await api<TOpenAttempt>(`/api/learn/courses/${course.slug}/exam/attempts`, {});
    const failed = await api<{ passed: boolean }>(
      `/api/learn/attempts/${exam.id}/submit`,
      pick(exam, ["Wrong"]),
    );
    expect(failed.passed).toBe(false);

    for (const [theme, viewport] of [
      ["light", "mobile"],
      ["dark", "desktop"],
    ] as const) {
      const page = await j.open({ as: learner, theme, viewport });
      await page.goto(`/learn/course/${course.slug}`);
      const line = page.getByText(/^You can retake the exam in/);
      // 24 hours by default, ticking down each second.
      await expect.poll(() => line.textContent()).toMatch(/in 23:59:[0-5]\d\.$/);
      const before = await line.textContent();
      await expect.poll(() => line.textContent(), { timeout: 5000 }).not.toBe(before);
      // No way into the exam until then: the page's main button goes back to the lessons.
      expect(await page.getByRole("link", { name: "Take the exam" }).count()).toBe(0);
      await page.getByRole("link", { name: "Review lessons" }).waitFor();
      await expectNoHorizontalOverflow(page);
      await shot(page, `learn-course-cooldown-${theme}-${viewport === "desktop" ? 1280 : 390}`);
      await page.goto(`/learn/course/${course.slug}/exam`);
      await page.getByText(/^You can retake the exam in 23:59:[0-5]\d\.$/).waitFor();
      expect(await page.getByRole("button", { name: "Start the exam" }).count()).toBe(0);
      await shot(page, `learn-exam-cooldown-${theme}-${viewport === "desktop" ? 1280 : 390}`);
    }
  });
});
