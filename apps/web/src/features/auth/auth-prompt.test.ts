import { describe, expect, it } from "vitest";
import { closeAuthPrompt, getAuthPrompt, openAuthPrompt } from "./auth-prompt.ts";

describe("the auth prompt", () => {
  it("opens on sign-up by default, without a reason or an action", () => {
    openAuthPrompt();
    expect(getAuthPrompt()).toMatchObject({ open: true, view: "signup", reason: null, action: null });
  });

  it("opens with the view, reason and action given, and afresh each time", () => {
    const action = () => {};
    openAuthPrompt({ view: "signin", reason: "Sign in to like posts", action });
    const first = getAuthPrompt();
    expect(first).toMatchObject({ open: true, view: "signin", reason: "Sign in to like posts", action });
    openAuthPrompt({ view: "signin", reason: "Sign in to like posts", action });
    expect(getAuthPrompt().id).toBeGreaterThan(first.id);
  });

  it("closes keeping its view and reason for the closing animation, but drops the action", () => {
    openAuthPrompt({ view: "signin", reason: "Sign in to comment", action: () => {} });
    closeAuthPrompt();
    const closed = getAuthPrompt();
    expect(closed).toMatchObject({ open: false, view: "signin", reason: "Sign in to comment", action: null });
    closeAuthPrompt();
    // Closing a closed prompt changes nothing (no re-render for its readers).
    expect(getAuthPrompt()).toBe(closed);
  });
});
