import { useCallback, useEffect, useState } from "react";

/** Runs `run` once the page has loaded and the browser is idle, so it never competes with the first paint. */
function whenIdleAfterLoad(run: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(run, { timeout: 2000 });
      cancel = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(run, 200);
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === "complete") idle();
  else {
    window.addEventListener("load", idle, { once: true });
    cancel = () => window.removeEventListener("load", idle);
  }
  return () => cancel();
}

/**
 * For a part of the shell drawn first as a plain look-alike (a menu button) whose real code loads later: `load`
 * turns true when the browser is idle after the page loaded, or at once when the person uses the look-alike
 * (`ask`), and `asked` says they did, so the real part can open straight away.
 */
export function useDeferredLoad(): { load: boolean; asked: boolean; ask: () => void } {
  const [load, setLoad] = useState(false);
  const [asked, setAsked] = useState(false);
  useEffect(() => (load ? undefined : whenIdleAfterLoad(() => setLoad(true))), [load]);
  const ask = useCallback(() => {
    setAsked(true);
    setLoad(true);
  }, []);
  return { load, asked, ask };
}
