import type {} from "altcha/types/react";
import { type CSSProperties, type Ref, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useCaptchaConfig } from "./queries.ts";

/**
 * The bot check of the sign-in, sign-up and reset forms: ALTCHA (proof of work, served by us), Cloudflare
 * Turnstile when the server is configured for it, or nothing (CAPTCHA_PROVIDER=none). A form asks for a token
 * just before it submits and resets the widget after a failed attempt (a solution is good for one request).
 */
export type TCaptchaHandle = {
  /** The solution to send in the X-Captcha-Token header; null when no check is configured or none could be had. */
  getToken(): Promise<string | null>;
  /** Starts over with a fresh challenge. */
  reset(): void;
};

type TAltchaElement = HTMLElement & {
  getState(): string;
  reset(): void;
  verify(): Promise<{ payload: string } | null>;
};

type TTurnstile = {
  render(el: HTMLElement, options: { sitekey: string; theme?: string }): string;
  getResponse(id: string): string | undefined;
  reset(id: string): void;
  remove(id: string): void;
};

const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

// The widget's colours follow ours, in either theme.
const ALTCHA_STYLE = {
  "--altcha-color-base": "var(--background)",
  "--altcha-color-base-content": "var(--foreground)",
  "--altcha-color-primary": "var(--accent)",
  "--altcha-color-primary-content": "var(--accent-foreground)",
  "--altcha-color-neutral": "var(--muted)",
  "--altcha-color-error": "var(--rug)",
  "--altcha-color-success": "var(--plug)",
  "--altcha-border-color": "var(--border)",
  "--altcha-border-radius": "0.5rem",
  "--altcha-max-width": "100%",
} as CSSProperties;

let turnstileLoading: Promise<TTurnstile> | null = null;

/** Loads Cloudflare's script once (its code cannot be served by us; the CSP allows it only in turnstile mode). */
function loadTurnstile(): Promise<TTurnstile> {
  const existing = (window as { turnstile?: TTurnstile }).turnstile;
  if (existing) return Promise.resolve(existing);
  turnstileLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () => {
      const loaded = (window as { turnstile?: TTurnstile }).turnstile;
      if (loaded) resolve(loaded);
      else reject(new Error("Turnstile did not load"));
    };
    script.onerror = () => {
      turnstileLoading = null;
      reject(new Error("Turnstile did not load"));
    };
    document.head.appendChild(script);
  });
  return turnstileLoading;
}

function AltchaWidget({ challengeUrl, ref }: { challengeUrl: string; ref: Ref<TCaptchaHandle> }) {
  const element = useRef<TAltchaElement>(null);
  const payload = useRef<string | null>(null);
  /** A solve under way (started by a reset), which the next getToken waits for rather than starting another. */
  const solving = useRef<Promise<string | null> | null>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let live = true;
    // The widget's code is its own chunk, fetched from our origin the first time a form needs it.
    import("altcha").then(() => {
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const el = element.current;
    if (!loaded || !el) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      payload.current = detail.state === "verified" ? (detail.payload ?? null) : null;
    };
    el.addEventListener("statechange", onState);
    return () => el.removeEventListener("statechange", onState);
  }, [loaded]);

  const solve = (el: TAltchaElement) => {
    const run = el
      .verify()
      .then((result) => result?.payload ?? null)
      .catch(() => null)
      .finally(() => {
        if (solving.current === run) solving.current = null;
      });
    solving.current = run;
    return run;
  };

  useImperativeHandle(ref, () => ({
    async getToken() {
      const el = element.current;
      if (!el || typeof el.verify !== "function") return null;
      if (payload.current && el.getState() === "verified") return payload.current;
      return (await solving.current) ?? (await solve(el));
    },
    // A solution is good for one request: after a refused attempt the widget starts on a fresh challenge at once,
    // so it reads as verifying, then verified, rather than as a box waiting for a click.
    reset() {
      payload.current = null;
      const el = element.current;
      if (!el || typeof el.verify !== "function") return;
      el.reset();
      void solve(el);
    },
  }));

  return (
    <div className="min-h-[3.75rem]" style={ALTCHA_STYLE}>
      {loaded ? (
        <altcha-widget
          ref={element}
          challenge={challengeUrl}
          auto="onfocus"
          name="altcha"
          style={ALTCHA_STYLE}
        />
      ) : null}
    </div>
  );
}

function TurnstileWidget({ siteKey, ref }: { siteKey: string; ref: Ref<TCaptchaHandle> }) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: TTurnstile; id: string } | null>(null);

  useEffect(() => {
    let live = true;
    loadTurnstile()
      .then((api) => {
        if (!live || !box.current) return;
        const theme = document.documentElement.classList.contains("light") ? "light" : "dark";
        widget.current = { api, id: api.render(box.current, { sitekey: siteKey, theme }) };
      })
      .catch(() => {
        // Without the widget the request goes out with no token and the server answers with its message.
      });
    return () => {
      live = false;
      if (widget.current) widget.current.api.remove(widget.current.id);
      widget.current = null;
    };
  }, [siteKey]);

  useImperativeHandle(ref, () => ({
    async getToken() {
      const w = widget.current;
      return w ? (w.api.getResponse(w.id) ?? null) : null;
    },
    reset() {
      const w = widget.current;
      if (w) w.api.reset(w.id);
    },
  }));

  return <div ref={box} className="min-h-[65px]" />;
}

/** No check configured (or the configuration could not be read): requests go out without a token. */
function NoCaptcha({ ref }: { ref: Ref<TCaptchaHandle> }) {
  useImperativeHandle(ref, () => ({ getToken: async () => null, reset() {} }));
  return null;
}

/** The configured widget, or nothing. Pass a ref to get tokens and reset it. */
export function CaptchaWidget({ ref }: { ref: Ref<TCaptchaHandle> }) {
  const { data: config } = useCaptchaConfig();
  if (config?.provider === "altcha" && config.challengeUrl) {
    return <AltchaWidget challengeUrl={config.challengeUrl} ref={ref} />;
  }
  if (config?.provider === "turnstile" && config.turnstileSiteKey) {
    return <TurnstileWidget siteKey={config.turnstileSiteKey} ref={ref} />;
  }
  return <NoCaptcha ref={ref} />;
}
