// First: zod's settings, before any module builds a schema.
import "./lib/zod-jitless.ts";
import "@fontsource-variable/inter";
import "./styles.css";
import { hydrate } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { FIRST_SCREEN_STATE_ID } from "./first-screen-state.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { createAppRouter, routerReady } from "./router.tsx";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const queryClient = createQueryClient();
const router = createAppRouter();
const app = (
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>
);

// A page the server rendered (http/web-app.ts) comes with the query cache it was rendered from: the browser starts
// from the same answers and, once the page's code is in, hydrates the server's markup instead of drawing it again.
const state = document.getElementById(FIRST_SCREEN_STATE_ID)?.textContent;
if (state) {
  hydrate(queryClient, JSON.parse(state));
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for
  // the whole page: the page is already on screen, and a tap or a scroll is answered while it hydrates.
  void routerReady(router).then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  createRoot(root).render(app);
}
