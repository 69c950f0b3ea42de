import path from "node:path";
import {
  DEFAULT_EVENT_STREAM_LIMITS,
  DEFAULT_MEMBER_LIMITS,
  MEMBER_ACTIONS,
  SWEEP_LIMITS,
  type TActionLimit,
  type TMemberAction,
} from "@plugs/domain";

/** DATABASE_POOL_SIZE when unset; also what `openDatabase` opens when not told (tests, one-off scripts). */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

/** Thrown for a bad environment value; main.ts prints its one-line message and exits. */
export class ConfigError extends Error {}

export type TConfig = {
  port: number;
  dataDir: string;
  databaseUrl: string | null;
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

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number, what: string): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be ${what}, got "${raw}"`);
  }
  return Number(raw);
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL (${protocols.join(" or ")}), got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol.replace(/:$/, ""))) {
    throw new ConfigError(`${name} must be a URL (${protocols.join(" or ")}), got "${raw}"`);
  }
  return raw;
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!values.includes(raw as T))
    throw new ConfigError(`${name} must be one of ${values.join(", ")}, got "${raw}"`);
  return raw as T;
}

/** MEMBER_LIMITS: unset for the defaults, "off", or `kind=perMinute/perDay` overrides separated by commas. */
function memberLimits(env: Env): Record<TMemberAction, TActionLimit> | null {
  const raw = text(env, "MEMBER_LIMITS");
  if (raw === "off") return null;
  const limits = { ...DEFAULT_MEMBER_LIMITS };
  for (const part of (raw ?? "").split(",")) {
    if (!part.trim()) continue;
    const match = /^([a-z]+)=(\d{1,7})\/(\d{1,9})$/.exec(part.trim());
    const kind = match?.[1] as TMemberAction | undefined;
    if (!match || !kind || !MEMBER_ACTIONS.includes(kind) || Number(match[2]) < 1 || Number(match[3]) < 1) {
      throw new ConfigError(
        `MEMBER_LIMITS must be "off" or overrides like "post=5/100" (per minute/per day, from 1; kinds: ${MEMBER_ACTIONS.join(", ")}), got "${part}"`,
      );
    }
    limits[kind] = { perMinute: Number(match[2]), perDay: Number(match[3]) };
  }
  return limits;
}

function email(env: Env, name: string): string | null {
  const raw = text(env, name);
  if (raw !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw)) {
    throw new ConfigError(`${name} must be an e-mail address, got "${raw}"`);
  }
  return raw;
}

const GIPHY_API_URL = "https://api.giphy.com";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Reads and checks the environment (ARCHITECTURE.md, Configuration). Throws ConfigError naming the variable. */
export function loadConfig(env: Env = process.env): TConfig {
  const port = integer(env, "PORT", 3000, 0, 65535, "a port number (0-65535; 0 picks a free one)");
  const givenPublicUrl = url(env, "PUBLIC_URL", ["http", "https"]);
  const publicUrl = givenPublicUrl ?? `http://localhost:${port}`;
  const captchaProvider = oneOf(
    env,
    "CAPTCHA_PROVIDER",
    ["altcha", "turnstile", "none"] as const,
    text(env, "TURNSTILE_SECRET_KEY") ? "turnstile" : "altcha",
  );
  const turnstileSecretKey = text(env, "TURNSTILE_SECRET_KEY");
  if (captchaProvider === "turnstile" && !turnstileSecretKey) {
    throw new ConfigError('TURNSTILE_SECRET_KEY must be set when CAPTCHA_PROVIDER is "turnstile"');
  }
  const authSecret = text(env, "AUTH_SECRET");
  if (authSecret !== null && authSecret.length < 32) {
    throw new ConfigError("AUTH_SECRET must be at least 32 characters");
  }
  const metricsToken = text(env, "METRICS_TOKEN");
  if (metricsToken !== null && metricsToken.length < 16) {
    throw new ConfigError("METRICS_TOKEN must be at least 16 characters");
  }
  const bucket = text(env, "S3_BUCKET");
  const adminEmails = (text(env, "ADMIN_EMAILS") ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  for (const email of adminEmails) {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      throw new ConfigError(
        `ADMIN_EMAILS must be a comma-separated list of e-mail addresses, got "${email}"`,
      );
    }
  }
  const webDistRaw = env.WEB_DIST;
  return {
    port,
    dataDir: path.resolve(text(env, "DATA_DIR") ?? "./data"),
    databaseUrl: url(env, "DATABASE_URL", ["postgres", "postgresql"]),
    databasePreparedStatements: oneOf(env, "DATABASE_PREPARED_STATEMENTS", ["on", "off"], "on") === "on",
    databasePoolSize: integer(
      env,
      "DATABASE_POOL_SIZE",
      DEFAULT_DATABASE_POOL_SIZE,
      2,
      1000,
      "a number of connections (2-1000)",
    ),
    publicUrl: publicUrl.replace(/\/+$/, ""),
    publicUrlIsSet: givenPublicUrl !== null,
    authSecret,
    captchaProvider,
    turnstileSecretKey,
    turnstileSiteKey: text(env, "TURNSTILE_SITE_KEY"),
    turnstileVerifyUrl:
      url(env, "TURNSTILE_VERIFY_URL", ["http", "https"]) ??
      "https://challenges.cloudflare.com/turnstile/v0/siteverify",
    trustProxy: integer(env, "TRUST_PROXY", 0, 0, 10, "the number of proxies in front of the server (0-10)"),
    smtpUrl: url(env, "SMTP_URL", ["smtp", "smtps"]),
    mailFrom: text(env, "MAIL_FROM") ?? "Plugs & Rugs <no-reply@localhost>",
    contactEmail: email(env, "CONTACT_EMAIL"),
    s3: bucket
      ? {
          bucket,
          endpoint: url(env, "S3_ENDPOINT", ["http", "https"]),
          region: text(env, "S3_REGION") ?? "us-east-1",
          accessKeyId: text(env, "S3_ACCESS_KEY_ID"),
          secretAccessKey: text(env, "S3_SECRET_ACCESS_KEY"),
        }
      : null,
    giphyApiKey: text(env, "GIPHY_API_KEY"),
    fetchPrivateAddresses: oneOf(env, "FETCH_PRIVATE_ADDRESSES", ["on", "off"], "off") === "on",
    giphyApiUrl: (url(env, "GIPHY_API_URL", ["http", "https"]) ?? GIPHY_API_URL).replace(/\/+$/, ""),
    solanaRpcUrl: url(env, "SOLANA_RPC_URL", ["http", "https"]),
    sweepMinAccountAgeDays: integer(
      env,
      "SWEEP_MIN_ACCOUNT_AGE_DAYS",
      SWEEP_LIMITS.defaultMinAccountAgeDays,
      0,
      3650,
      "a whole number of days from 0 to 3650",
    ),
    sweepMaxWallets: integer(
      env,
      "SWEEP_MAX_WALLETS",
      SWEEP_LIMITS.defaultMaxWallets,
      1,
      100,
      "a whole number from 1 to 100",
    ),
    adminEmails,
    logLevel: oneOf(env, "LOG_LEVEL", LOG_LEVELS, "info"),
    signinIpLimit: integer(
      env,
      "SIGNIN_IP_LIMIT",
      30,
      0,
      1_000_000,
      "a whole number (0 turns the limit off)",
    ),
    signupIpLimit: integer(
      env,
      "SIGNUP_IP_LIMIT",
      20,
      0,
      1_000_000,
      "a whole number (0 turns the limit off)",
    ),
    memberLimits: memberLimits(env),
    eventStreamsPerMember: integer(
      env,
      "EVENT_STREAMS_PER_MEMBER",
      DEFAULT_EVENT_STREAM_LIMITS.perMember,
      0,
      1000,
      "a whole number from 0 to 1000 (0 turns the cap off)",
    ),
    eventStreamsPerIp: integer(
      env,
      "EVENT_STREAMS_PER_IP",
      DEFAULT_EVENT_STREAM_LIMITS.perIp,
      0,
      1_000_000,
      "a whole number (0 turns the cap off)",
    ),
    metricsToken,
    shutdownDrainSeconds: integer(
      env,
      "SHUTDOWN_DRAIN_SECONDS",
      0,
      0,
      300,
      "a number of seconds from 0 to 300",
    ),
    webDist:
      webDistRaw === ""
        ? null
        : path.resolve(webDistRaw ?? new URL("../../web/dist", import.meta.url).pathname),
  };
}
