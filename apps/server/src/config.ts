import path from "node:path";
import {
  DEFAULT_EVENT_STREAM_LIMITS,
  DEFAULT_MEMBER_LIMITS,
  MEMBER_ACTIONS,
  SWEEP_LIMITS,
  type TActionLimit,
  type TMemberAction,
} from "@plugs/domain";
import { z } from "zod";

/** DATABASE_POOL_SIZE when unset; also what `openDatabase` opens when not told (tests, one-off scripts). */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

/** Thrown for a bad environment value; main.ts prints its one-line message and exits. */
export class ConfigError extends Error {}

export type TConfig = {
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  /**
   * DATABASE_DIRECT_URL: a direct connection to the same PostgreSQL for what a transaction-mode pooler (PgBouncer) in
   * DATABASE_URL cannot carry: the LISTEN that brings live events and the migrations' advisory lock. Unset: both use
   * DATABASE_URL.
   */
  databaseDirectUrl: string | null;
  /**
   * DATABASE_PREPARED_STATEMENTS: whether often-run statements are prepared on each pooled PostgreSQL connection
   * (db/preparing-client.ts). Off for a pooler that does not follow them (PgBouncer's transaction mode before 1.21).
   */
  databasePreparedStatements: boolean;
  /**
   * DATABASE_POOL_SIZE: the most PostgreSQL connections the server holds (default 10; one of them listens for
   * events). More is not faster: a query waits for a free connection in Node instead of for a CPU on the database.
   */
  databasePoolSize: number;
  /** PUBLIC_URL, or http://localhost:PORT when unset. */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was set. Unset, writes are also accepted from the other loopback names (127.0.0.1, [::1]) on
   * PORT, so a first run works whichever one is opened (features/auth/origin-guard.ts).
   */
  publicUrlIsSet: boolean;
  authSecret: string | null;
  captchaProvider: "altcha" | "turnstile" | "none";
  turnstileSecretKey: string | null;
  /** Turnstile's public site key (TURNSTILE_SITE_KEY), handed to the web forms. */
  turnstileSiteKey: string | null;
  /** Turnstile's siteverify URL (TURNSTILE_VERIFY_URL); tests point it at a local fake. */
  turnstileVerifyUrl: string;
  /**
   * How many reverse proxies in front of us append to X-Forwarded-For (TRUST_PROXY, default 0). 0: the client IP
   * is the socket's address and X-Forwarded-For is ignored, so nobody can forge their address for rate limits.
   */
  trustProxy: number;
  smtpUrl: string | null;
  mailFrom: string;
  /** CONTACT_EMAIL: where a copy of each contact message is e-mailed (besides the admins' inbox), or null. */
  contactEmail: string | null;
  s3: {
    bucket: string;
    endpoint: string | null;
    region: string;
    accessKeyId: string | null;
    secretAccessKey: string | null;
  } | null;
  giphyApiKey: string | null;
  /**
   * Linked sign-ins, each on when its client id and secret are set (GOOGLE_, DISCORD_, X_CLIENT_ID and _SECRET),
   * and an OpenID Connect provider found from OIDC_ISSUER's discovery document, named OIDC_NAME on its button.
   */
  signInProviders: {
    google: TOAuthClient | null;
    discord: TOAuthClient | null;
    twitter: TOAuthClient | null;
    oidc: (TOAuthClient & { issuer: string; name: string }) | null;
  };
  /**
   * FETCH_PRIVATE_ADDRESSES: whether links the server fetches itself (a KOL's avatar) may lead to loopback or
   * private-network addresses. Off: such a link is refused, so nobody can make the server probe its own network.
   */
  fetchPrivateAddresses: boolean;
  /** GIPHY's API base URL (GIPHY_API_URL); tests point it at a local fake. */
  giphyApiUrl: string;
  /** SOLANA_RPC_URL: the Solana JSON-RPC endpoint Sweep reads and verifies through; unset, Sweep is not configured. */
  solanaRpcUrl: string | null;
  /** SWEEP_MIN_ACCOUNT_AGE_DAYS: days a token account must have existed before its closing transaction to pay. */
  sweepMinAccountAgeDays: number;
  /** SWEEP_MAX_WALLETS: wallets a member may link at once. */
  sweepMaxWallets: number;
  adminEmails: string[];
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  signinIpLimit: number;
  signupIpLimit: number;
  /**
   * MEMBER_LIMITS: each kind of member write's minute burst and day total (packages/domain/src/fair-use.ts), or
   * null when "off". Overrides: `post=10/200,comment=30/1000` (per minute / per day).
   */
  memberLimits: Record<TMemberAction, TActionLimit> | null;
  /** EVENT_STREAMS_PER_MEMBER: open event streams per member on an instance; a new one closes the oldest (0: off). */
  eventStreamsPerMember: number;
  /** EVENT_STREAMS_PER_IP: open event streams per client address on an instance; past it, refused (0: off). */
  eventStreamsPerIp: number;
  /**
   * SHUTDOWN_DRAIN_SECONDS: on SIGTERM, how long readiness answers 503 while requests are still served, so a load
   * balancer stops sending new ones before the server closes (default 0).
   */
  shutdownDrainSeconds: number;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; null turns /metrics off (404). */
  metricsToken: string | null;
  /** Where the built web app lives; null serves no web app (API-only tests). */
  webDist: string | null;
};

export type TOAuthClient = { clientId: string; clientSecret: string };

type Env = Record<string, string | undefined>;

/*
 * The environment is read through one zod schema (ENV below): each variable's rule is a small schema that takes
 * its raw text (unset and blank are the same) and gives the typed value or an issue saying what it must be; the
 * issue's path names the variable, so every message reads "NAME must be ..., got "...".
 */

/** An environment variable's trimmed text; unset or blank is undefined. */
const raw = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

function refuse(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
}

const text = raw.transform((value) => value ?? null);

function integer(fallback: number, min: number, max: number, what: string) {
  return raw.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    return /^\d+$/.test(value) && n >= min && n <= max ? n : refuse(ctx, `must be ${what}, got "${value}"`);
  });
}

function url(...protocols: string[]) {
  return raw.transform((value, ctx) => {
    if (value === undefined) return null;
    const protocol = URL.canParse(value) ? new URL(value).protocol.replace(/:$/, "") : "";
    return protocols.includes(protocol)
      ? value
      : refuse(ctx, `must be a URL (${protocols.join(" or ")}), got "${value}"`);
  });
}

/** One of `values`; unset gives `fallback` (undefined when the default depends on other variables). */
function oneOf<const T extends string, F extends T | undefined>(values: readonly T[], fallback: F) {
  return raw.transform((value, ctx): T | F => {
    if (value === undefined) return fallback;
    return values.includes(value as T)
      ? (value as T)
      : refuse(ctx, `must be one of ${values.join(", ")}, got "${value}"`);
  });
}

function minLength(length: number) {
  return text.refine(
    (value) => value === null || value.length >= length,
    `must be at least ${length} characters`,
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = text.refine((value) => value === null || EMAIL.test(value), {
  error: (issue) => `must be an e-mail address, got "${issue.input}"`,
});

const emailList = raw.transform((value, ctx) => {
  const emails = (value ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  const bad = emails.find((e) => !EMAIL.test(e));
  return bad === undefined
    ? emails
    : refuse(ctx, `must be a comma-separated list of e-mail addresses, got "${bad}"`);
});

/** MEMBER_LIMITS: unset for the defaults, "off", or `kind=perMinute/perDay` overrides separated by commas. */
const memberLimits = raw.transform((value, ctx): Record<TMemberAction, TActionLimit> | null => {
  if (value === "off") return null;
  const limits = { ...DEFAULT_MEMBER_LIMITS };
  for (const part of (value ?? "").split(",")) {
    if (!part.trim()) continue;
    const match = /^([a-z]+)=(\d{1,7})\/(\d{1,9})$/.exec(part.trim());
    const kind = match?.[1] as TMemberAction | undefined;
    if (!match || !kind || !MEMBER_ACTIONS.includes(kind) || Number(match[2]) < 1 || Number(match[3]) < 1) {
      return refuse(
        ctx,
        `must be "off" or overrides like "post=5/100" (per minute/per day, from 1; kinds: ${MEMBER_ACTIONS.join(", ")}), got "${part}"`,
      );
    }
    limits[kind] = { perMinute: Number(match[2]), perDay: Number(match[3]) };
  }
  return limits;
});

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Every variable the server reads (README's configuration table lists the same; config.test.ts checks it). */
const ENV = z.object({
  PORT: integer(3000, 0, 65535, "a port number (0-65535; 0 picks a free one)"),
  PUBLIC_URL: url("http", "https"),
  DATA_DIR: text,
  DATABASE_URL: url("postgres", "postgresql"),
  DATABASE_DIRECT_URL: url("postgres", "postgresql"),
  DATABASE_PREPARED_STATEMENTS: oneOf(["on", "off"], "on"),
  DATABASE_POOL_SIZE: integer(DEFAULT_DATABASE_POOL_SIZE, 2, 1000, "a number of connections (2-1000)"),
  AUTH_SECRET: minLength(32),
  // Unset: Turnstile when its secret key is set, else ALTCHA.
  CAPTCHA_PROVIDER: oneOf(["altcha", "turnstile", "none"], undefined),
  TURNSTILE_SECRET_KEY: text,
  TURNSTILE_SITE_KEY: text,
  TURNSTILE_VERIFY_URL: url("http", "https"),
  TRUST_PROXY: integer(0, 0, 10, "the number of proxies in front of the server (0-10)"),
  SMTP_URL: url("smtp", "smtps"),
  MAIL_FROM: text,
  CONTACT_EMAIL: email,
  S3_BUCKET: text,
  S3_ENDPOINT: url("http", "https"),
  S3_REGION: text,
  S3_ACCESS_KEY_ID: text,
  S3_SECRET_ACCESS_KEY: text,
  GIPHY_API_KEY: text,
  GIPHY_API_URL: url("http", "https"),
  GOOGLE_CLIENT_ID: text,
  GOOGLE_CLIENT_SECRET: text,
  DISCORD_CLIENT_ID: text,
  DISCORD_CLIENT_SECRET: text,
  X_CLIENT_ID: text,
  X_CLIENT_SECRET: text,
  OIDC_ISSUER: url("http", "https"),
  OIDC_CLIENT_ID: text,
  OIDC_CLIENT_SECRET: text,
  OIDC_NAME: text,
  FETCH_PRIVATE_ADDRESSES: oneOf(["on", "off"], "off"),
  SOLANA_RPC_URL: url("http", "https"),
  SWEEP_MIN_ACCOUNT_AGE_DAYS: integer(
    SWEEP_LIMITS.defaultMinAccountAgeDays,
    0,
    3650,
    "a whole number of days from 0 to 3650",
  ),
  SWEEP_MAX_WALLETS: integer(SWEEP_LIMITS.defaultMaxWallets, 1, 100, "a whole number from 1 to 100"),
  ADMIN_EMAILS: emailList,
  LOG_LEVEL: oneOf(LOG_LEVELS, "info"),
  SIGNIN_IP_LIMIT: integer(30, 0, 1_000_000, "a whole number (0 turns the limit off)"),
  SIGNUP_IP_LIMIT: integer(20, 0, 1_000_000, "a whole number (0 turns the limit off)"),
  MEMBER_LIMITS: memberLimits,
  EVENT_STREAMS_PER_MEMBER: integer(
    DEFAULT_EVENT_STREAM_LIMITS.perMember,
    0,
    1000,
    "a whole number from 0 to 1000 (0 turns the cap off)",
  ),
  EVENT_STREAMS_PER_IP: integer(
    DEFAULT_EVENT_STREAM_LIMITS.perIp,
    0,
    1_000_000,
    "a whole number (0 turns the cap off)",
  ),
  METRICS_TOKEN: minLength(16),
  SHUTDOWN_DRAIN_SECONDS: integer(0, 0, 300, "a number of seconds from 0 to 300"),
  // Not trimmed: set but empty means no web app (API-only tests).
  WEB_DIST: z.string().optional(),
});

function missing(name: string, because: string): never {
  throw new ConfigError(`${name} must be set when ${because} is`);
}

/** A provider's client id and secret: both set, or neither (then the provider is off). */
function oauthClient(
  e: z.infer<typeof ENV>,
  prefix: "GOOGLE" | "DISCORD" | "X" | "OIDC",
): TOAuthClient | null {
  const clientId = e[`${prefix}_CLIENT_ID`];
  const clientSecret = e[`${prefix}_CLIENT_SECRET`];
  if (!clientId && !clientSecret) return null;
  if (!clientSecret) missing(`${prefix}_CLIENT_SECRET`, `${prefix}_CLIENT_ID`);
  if (!clientId) missing(`${prefix}_CLIENT_ID`, `${prefix}_CLIENT_SECRET`);
  return { clientId, clientSecret };
}

/** The OpenID Connect provider: an issuer with its client, or none of the three. */
function oidcProvider(e: z.infer<typeof ENV>): TConfig["signInProviders"]["oidc"] {
  const client = oauthClient(e, "OIDC");
  if (!e.OIDC_ISSUER) return client && missing("OIDC_ISSUER", "OIDC_CLIENT_ID");
  return {
    ...(client ?? missing("OIDC_CLIENT_ID", "OIDC_ISSUER")),
    issuer: e.OIDC_ISSUER.replace(/\/+$/, ""),
    name: e.OIDC_NAME ?? "Single sign-on",
  };
}

/** Reads and checks the environment (ARCHITECTURE.md, Configuration). Throws ConfigError naming the variable. */
export function loadConfig(env: Env = process.env): TConfig {
  const parsed = ENV.safeParse(env);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new ConfigError(`${String(issue?.path[0])} ${issue?.message}`);
  }
  const e = parsed.data;
  const captchaProvider = e.CAPTCHA_PROVIDER ?? (e.TURNSTILE_SECRET_KEY ? "turnstile" : "altcha");
  if (captchaProvider === "turnstile" && !e.TURNSTILE_SECRET_KEY) {
    throw new ConfigError('TURNSTILE_SECRET_KEY must be set when CAPTCHA_PROVIDER is "turnstile"');
  }
  return {
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR ?? "./data"),
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS === "on",
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    publicUrlIsSet: e.PUBLIC_URL !== null,
    authSecret: e.AUTH_SECRET,
    captchaProvider,
    turnstileSecretKey: e.TURNSTILE_SECRET_KEY,
    turnstileSiteKey: e.TURNSTILE_SITE_KEY,
    turnstileVerifyUrl: e.TURNSTILE_VERIFY_URL ?? "https://challenges.cloudflare.com/turnstile/v0/siteverify",
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? "Plugs & Rugs <no-reply@localhost>",
    contactEmail: e.CONTACT_EMAIL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? "us-east-1",
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : null,
    giphyApiKey: e.GIPHY_API_KEY,
    signInProviders: {
      google: oauthClient(e, "GOOGLE"),
      discord: oauthClient(e, "DISCORD"),
      twitter: oauthClient(e, "X"),
      oidc: oidcProvider(e),
    },
    fetchPrivateAddresses: e.FETCH_PRIVATE_ADDRESSES === "on",
    giphyApiUrl: (e.GIPHY_API_URL ?? "https://api.giphy.com").replace(/\/+$/, ""),
    solanaRpcUrl: e.SOLANA_RPC_URL,
    sweepMinAccountAgeDays: e.SWEEP_MIN_ACCOUNT_AGE_DAYS,
    sweepMaxWallets: e.SWEEP_MAX_WALLETS,
    adminEmails: e.ADMIN_EMAILS,
    logLevel: e.LOG_LEVEL,
    signinIpLimit: e.SIGNIN_IP_LIMIT,
    signupIpLimit: e.SIGNUP_IP_LIMIT,
    memberLimits: e.MEMBER_LIMITS,
    eventStreamsPerMember: e.EVENT_STREAMS_PER_MEMBER,
    eventStreamsPerIp: e.EVENT_STREAMS_PER_IP,
    metricsToken: e.METRICS_TOKEN,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    webDist:
      e.WEB_DIST === ""
        ? null
        : path.resolve(e.WEB_DIST ?? new URL("../../web/dist", import.meta.url).pathname),
  };
}
