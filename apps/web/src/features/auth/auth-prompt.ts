import { useCallback, useSyncExternalStore } from "react";
import { type TSession, useSession, useWhenSessionKnown } from "./session.ts";

/**
 * The global state behind the auth modal (spec: "opened from outside or by a global state, with a reason and an
 * optional action"). Any screen opens it; the modal (auth-modal.tsx) reads it, and after a successful sign-in or
 * sign-up runs the pending action 500 ms later.
 */
export type TAuthView = "signin" | "signup";

export type TAuthPrompt = {
  /** Changes with every opening, so the modal starts fresh each time. */
  id: number;
  open: boolean;
  view: TAuthView;
  /** Shown above the tabs, e.g. "Sign in to like posts". */
  reason: string | null;
  /** Runs after a successful sign-in or sign-up. */
  action: (() => void) | null;
};

const CLOSED: TAuthPrompt = { id: 0, open: false, view: "signup", reason: null, action: null };
let state: TAuthPrompt = CLOSED;
let openings = 0;
const listeners = new Set<() => void>();

function set(next: TAuthPrompt) {
  state = next;
  for (const listener of listeners) listener();
}

export function openAuthPrompt(options: { view?: TAuthView; reason?: string; action?: () => void } = {}) {
  openings += 1;
  set({
    id: openings,
    open: true,
    view: options.view ?? "signup",
    reason: options.reason ?? null,
    action: options.action ?? null,
  });
}

export function closeAuthPrompt() {
  // The reason and view stay so the closing animation shows what was there; the action is dropped.
  if (state.open) set({ ...state, open: false, action: null });
}

/** The prompt as it is now (outside React, e.g. in a timer). */
export function getAuthPrompt(): TAuthPrompt {
  return state;
}

export function useAuthPrompt(): TAuthPrompt {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}

/**
 * `requireAuth(reason, action)`: runs `action` now for a signed-in user; a visitor gets the sign-in prompt with
 * `reason` (e.g. M.posts.signInToLike), and the action runs once they have signed in.
 */
export function useRequireAuth() {
  const { session, isPending } = useSession();
  const whenSessionKnown = useWhenSessionKnown();
  return useCallback(
    (reason: string, action: () => void) => {
      const decide = (known: TSession | null) =>
        known ? action() : openAuthPrompt({ view: "signin", reason, action });
      // A click before the first answer about the session waits for it, so a member is never asked to sign in.
      if (isPending) void whenSessionKnown().then(decide);
      else decide(session);
    },
    [session, isPending, whenSessionKnown],
  );
}
