import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { fileOf, filesOf } from "./multipart.ts";

// A throwaway app (not part of ours) so the helpers read a body parsed exactly as routes will parse it.
const app = new Hono().post("/", async (c) => {
  const body = await c.req.parseBody({ all: true });
  return c.json({
    avatar: fileOf(body, "avatar")?.name ?? null,
    media: filesOf(body, "media").map((f) => `${f.name}:${f.size}`),
    caption: fileOf(body, "caption"),
  });
});

async function send(form: FormData) {
  return (await app.request("/", { method: "POST", body: form })).json();
}

describe("multipart helpers", () => {
  it("returns one file, repeated files, and ignores text fields, empty inputs and other names (field[] too)", async () => {
    const form = new FormData();
    form.append("avatar", new File(["a"], "me.png"));
    form.append("media", new File(["12"], "one.jpg"));
    form.append("media", new File(["345"], "two.jpg"));
    form.append("media[]", new File(["6"], "three.gif"));
    form.append("media", new File([], ""));
    form.append("caption", "not a file");
    expect(await send(form)).toEqual({
      avatar: "me.png",
      media: ["one.jpg:2", "two.jpg:3"],
      caption: null,
    });
  });

  it("gives null and an empty list when nothing was sent", async () => {
    const form = new FormData();
    form.append("avatar", new File([], ""));
    expect(await send(form)).toEqual({ avatar: null, media: [], caption: null });
  });
});
