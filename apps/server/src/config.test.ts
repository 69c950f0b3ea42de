import fs from "node:fs";
import { DEFAULT_MEMBER_LIMITS } from "@plugs/domain";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const README = new URL("../../../README.md", import.meta.url);

/** The variables README's configuration table names (a row may name several, as the S3 one does). */
function readmeVariables(): string[] {
  const readme = fs.readFileSync(README, "utf8");
  const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("## Running on PostgreSQL"));
  const names = table
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) =>
      [...(line.split("|")[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? ""),
    );
  return [...new Set(names)].sort();
}

/** The variables loadConfig reads, seen through an environment that records every name asked for. */
function configVariables(): string[] {
  const read = new Set<string>();
  // S3_BUCKET set: the other S3 variables are only read when there is a bucket.
  const values: Record<string, string> = {
    S3_BUCKET: "uploads",
    S3_ACCESS_KEY_ID: "id",
    S3_SECRET_ACCESS_KEY: "key",
  };
  const env = new Proxy(values, {
    get(target, name) {
      if (typeof name === "string") read.add(name);
      return target[name as string];
    },
  });
  loadConfig(env);
  return [...read].sort();
}

describe("configuration", () => {
  it("README's table lists every variable the server reads, and no other", () => {
    expect(readmeVariables()).toEqual(configVariables());
  });

  it.each([
    ["PORT", "abc", 'PORT must be a port number (0-65535; 0 picks a free one), got "abc"'],
    ["PORT", "65536", 'PORT must be a port number (0-65535; 0 picks a free one), got "65536"'],
    [
      "DATABASE_URL",
      "mysql://db/x",
      'DATABASE_URL must be a URL (postgres or postgresql), got "mysql://db/x"',
    ],
    ["PUBLIC_URL", "not a url", 'PUBLIC_URL must be a URL (http or https), got "not a url"'],
    [
      "LOG_LEVEL",
      "loud",
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    ],
    ["DATABASE_PREPARED_STATEMENTS", "yes", 'DATABASE_PREPARED_STATEMENTS must be one of on, off, got "yes"'],
    ["DATABASE_POOL_SIZE", "1", 'DATABASE_POOL_SIZE must be a number of connections (2-1000), got "1"'],
    ["SIGNIN_IP_LIMIT", "-1", 'SIGNIN_IP_LIMIT must be a whole number (0 turns the limit off), got "-1"'],
    [
      "TRUST_PROXY",
      "11",
      'TRUST_PROXY must be the number of proxies in front of the server (0-10), got "11"',
    ],
    ["AUTH_SECRET", "short", "AUTH_SECRET must be at least 32 characters"],
    ["METRICS_TOKEN", "short", "METRICS_TOKEN must be at least 16 characters"],
    ["CONTACT_EMAIL", "nobody", 'CONTACT_EMAIL must be an e-mail address, got "nobody"'],
    [
      "ADMIN_EMAILS",
      "a@example.com, b",
      'ADMIN_EMAILS must be a comma-separated list of e-mail addresses, got "b"',
    ],
    [
      "CAPTCHA_PROVIDER",
      "turnstile",
      'TURNSTILE_SECRET_KEY must be set when CAPTCHA_PROVIDER is "turnstile"',
    ],
    ["SMTP_URL", "http://mail", 'SMTP_URL must be a URL (smtp or smtps), got "http://mail"'],
    [
      "MEMBER_LIMITS",
      "post=5/100,shout=1/1",
      'MEMBER_LIMITS must be "off" or overrides like "post=5/100" (per minute/per day, from 1; kinds: ',
    ],
  ])("%s=%s stops the server with a message naming it", (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it.each([
    [{ GOOGLE_CLIENT_ID: "id" }, "GOOGLE_CLIENT_SECRET must be set when GOOGLE_CLIENT_ID is"],
    [{ X_CLIENT_SECRET: "secret" }, "X_CLIENT_ID must be set when X_CLIENT_SECRET is"],
    [{ OIDC_ISSUER: "https://id.example" }, "OIDC_CLIENT_ID must be set when OIDC_ISSUER is"],
    [{ OIDC_CLIENT_ID: "id", OIDC_CLIENT_SECRET: "s" }, "OIDC_ISSUER must be set when OIDC_CLIENT_ID is"],
    [{ OIDC_ISSUER: "id.example" }, 'OIDC_ISSUER must be a URL (http or https), got "id.example"'],
  ])("a sign-in provider half set up (%o) stops the server saying what is missing", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("offers a sign-in provider only with both its client id and secret", () => {
    expect(loadConfig({}).signInProviders).toEqual({
      google: null,
      discord: null,
      twitter: null,
      oidc: null,
    });
    const config = loadConfig({
      DISCORD_CLIENT_ID: "d-id",
      DISCORD_CLIENT_SECRET: "d-secret",
      OIDC_ISSUER: "https://id.example/realms/plugs/",
      OIDC_CLIENT_ID: "o-id",
      OIDC_CLIENT_SECRET: "o-secret",
    });
    expect(config.signInProviders).toEqual({
      google: null,
      discord: { clientId: "d-id", clientSecret: "d-secret" },
      twitter: null,
      oidc: {
        issuer: "https://id.example/realms/plugs",
        clientId: "o-id",
        clientSecret: "o-secret",
        name: "Single sign-on",
      },
    });
  });

  it("takes the defaults from an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: null,
      databasePreparedStatements: true,
      databasePoolSize: 10,
      publicUrl: "http://localhost:3000",
      publicUrlIsSet: false,
      captchaProvider: "altcha",
      trustProxy: 0,
      s3: null,
      solanaRpcUrl: null,
      adminEmails: [],
      logLevel: "info",
      signinIpLimit: 30,
      signupIpLimit: 20,
      metricsToken: null,
      shutdownDrainSeconds: 0,
    });
    expect(config.memberLimits).toEqual(DEFAULT_MEMBER_LIMITS);
  });

  it("reads the values it is given", () => {
    const config = loadConfig({
      PORT: "8080",
      PUBLIC_URL: "https://plugs.example/",
      DATABASE_URL: "postgresql://db:5432/plugs",
      TURNSTILE_SECRET_KEY: "secret",
      ADMIN_EMAILS: " Ann@Example.com ,bob@example.com",
      S3_BUCKET: "uploads",
      MEMBER_LIMITS: "post=5/100, comment=7/70",
      WEB_DIST: "",
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: "https://plugs.example",
      publicUrlIsSet: true,
      databaseUrl: "postgresql://db:5432/plugs",
      captchaProvider: "turnstile",
      adminEmails: ["ann@example.com", "bob@example.com"],
      s3: { bucket: "uploads", region: "us-east-1", endpoint: null },
      webDist: null,
    });
    expect(config.memberLimits?.post).toEqual({ perMinute: 5, perDay: 100 });
    expect(config.memberLimits?.comment).toEqual({ perMinute: 7, perDay: 70 });
    expect(config.memberLimits?.follow).toEqual(DEFAULT_MEMBER_LIMITS.follow);
    expect(loadConfig({ MEMBER_LIMITS: "off" }).memberLimits).toBeNull();
  });
});
