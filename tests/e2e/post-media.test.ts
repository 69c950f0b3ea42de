import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { signUpByApi } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { toast, useJourney } from "./support/journey.ts";

const j = useJourney();
const { open } = j;

/** A plain square of one colour, as PNG bytes. */
const square = (r: number, g: number, b: number) =>
  sharp({ create: { width: 96, height: 96, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** Hands the composer files as the browser would for a paste into the text, or a drop on the form. */
async function deliver(target: Locator, kind: "paste" | "drop", name: string, bytes: Buffer) {
  await target.evaluate(
    (el, { kind, name, base64 }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type: "image/png" }));
      if (kind === "paste") {
        el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true }));
      } else {
        el.dispatchEvent(
          new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
        el.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }
    },
    { kind, name, base64: bytes.toString("base64") },
  );
}

const viewerCaption = (page: Page) => page.getByRole("dialog").locator("p").last();

describe("several pictures in a post", () => {
  it("attaches pictures by picking, pasting and dropping, describes and orders them, and steps through them", async () => {
    const member = await signUpByApi(j.server);
    const page = await open({ as: member });
    await page.goto("/plugfeed");
    await page.getByRole("button", { name: "Make a Post" }).click();
    const composer = page.getByRole("form", { name: "Create a post" });
    const text = composer.getByRole("combobox", { name: "Post text" });
    await text.fill("Three squares, one chart");

    await composer.locator('input[type="file"]').setInputFiles([
      { name: "red.png", mimeType: "image/png", buffer: await square(220, 30, 30) },
      { name: "green.png", mimeType: "image/png", buffer: await square(30, 200, 60) },
    ]);
    await deliver(text, "paste", "blue.png", await square(40, 60, 230));
    await deliver(composer, "drop", "yellow.png", await square(240, 220, 40));
    const tiles = composer.getByRole("list", { name: "Attachments" }).getByRole("listitem");
    await tiles.nth(3).waitFor();
    expect(await tiles.count()).toBe(4);
    await composer.getByRole("button", { name: "Remove yellow.png" }).click();
    expect(await tiles.count()).toBe(3);

    // Alt text, through its dialog; the tile then says it has one.
    for (const [name, alt] of [
      ["red.png", "A red square"],
      ["blue.png", "A blue square"],
    ] as const) {
      await composer.getByRole("button", { name: `Add alt text to ${name}` }).click();
      const dialog = page.getByRole("dialog", { name: "Describe this image" });
      await dialog.getByLabel(`Alt text for ${name}`).fill(alt);
      if (name === "blue.png") await shot(page, "post-media-alt-dialog-dark-1280", { fullPage: false });
      await dialog.getByRole("button", { name: "Save" }).click();
      await composer.getByRole("button", { name: `Edit the alt text of ${name}` }).waitFor();
    }
    // Blue goes before green: red, blue, green.
    await composer.getByRole("button", { name: "Move blue.png earlier" }).click();
    expect(
      await composer
        .getByRole("list", { name: "Attachments" })
        .getByRole("img")
        .evaluateAll((imgs) => imgs.map((img) => img.getAttribute("alt"))),
    ).toEqual(["A red square", "A blue square", "green.png"]);
    await shot(page, "post-media-composer-dark-1280", { fullPage: false });

    const created = page.waitForResponse(
      (r) => r.url().endsWith("/api/posts") && r.request().method() === "POST",
    );
    await composer.getByRole("button", { name: "Post", exact: true }).click();
    const post = (await (await created).json()) as { id: string; media: { alt: string | null }[] };
    await toast(page, "Post created!").waitFor();
    expect(post.media.map((m) => m.alt)).toEqual(["A red square", "A blue square", null]);

    // Read back in each look: the grid, then the viewer stepping through the three.
    for (const theme of ["dark", "light"] as const) {
      for (const viewport of ["desktop", "mobile"] as const) {
        const width = viewport === "desktop" ? 1280 : 390;
        const view = await open({ theme, viewport });
        await view.goto(`/posts/${post.id}`);
        await view.getByRole("button", { name: "Open image: A red square" }).waitFor();
        await shot(view, `post-media-grid-${theme}-${width}`, { fullPage: false });
        if (theme === "dark" && viewport === "desktop") continue;
        await view.getByRole("button", { name: "Open image: A red square" }).click();
        await expect(viewerCaption(view).textContent()).resolves.toBe("1 / 3 · A red square");
        await view.keyboard.press("ArrowRight");
        await expect(viewerCaption(view).textContent()).resolves.toBe("2 / 3 · A blue square");
        await view.getByRole("button", { name: "Next image" }).click();
        await view
          .getByRole("dialog")
          .getByRole("img", { name: /Attachment 3 of 3 by/ })
          .waitFor();
        await shot(view, `post-media-viewer-${theme}-${width}`, { fullPage: false });
        // A swipe to the right goes back one; from the first, Previous wraps to the last.
        const box = await view.getByRole("dialog").boundingBox();
        const y = (box?.y ?? 0) + (box?.height ?? 0) / 2;
        await view.mouse.move(100, y);
        await view.mouse.down();
        await view.mouse.move(260, y, { steps: 4 });
        await view.mouse.up();
        await expect(viewerCaption(view).textContent()).resolves.toBe("2 / 3 · A blue square");
        await view.keyboard.press("ArrowLeft");
        await view.getByRole("button", { name: "Previous image" }).click();
        await view
          .getByRole("dialog")
          .getByRole("img", { name: /Attachment 3 of 3 by/ })
          .waitFor();
        await view.keyboard.press("Escape");
        await view.getByRole("dialog").waitFor({ state: "hidden" });
      }
    }
  });
});
