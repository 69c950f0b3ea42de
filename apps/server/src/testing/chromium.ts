/**
 * Debian's Chromium flags for a headless run on this machine (the browser journeys and the Lighthouse bench): no
 * sandbox (root in a VM), no GPU, and nothing that would reach the network on its own.
 */
export const QUIET_CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];
