import { M, SIGN_IN_PAGE_PATH } from "@plugs/domain";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, isAPIError } from "better-auth/api";
import { admin } from "better-auth/plugins/admin";
import { twoFactor } from "better-auth/plugins/two-factor";
import { username } from "better-auth/plugins/username";
import { eq } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import {
  accounts,
  passkeys,
  profiles,
  sessions,
  twoFactors,
  users,
  verifications,
} from "../../db/schema/index.ts";
import { getMailer, linkMail } from "../../lib/mailer.ts";
import { cancelDeletionPlugin } from "../account/cancel-deletion.ts";
import { sendChangeEmailMails } from "../account/change-email-mails.ts";
import { acceptedOrigins } from "./origin-guard.ts";
import { passkeyPlugin } from "./passkey-plugin.ts";
import { createAccountProfile } from "./profile-setup.ts";
import { resolveAuthSecret } from "./secret.ts";
import { oidcPlugins, socialProviders } from "./sign-in-providers.ts";
import { totpAfterHook, totpBeforeHook } from "./totp-hooks.ts";

/** better-auth reads the client's address from this header, which our forwarder alone sets (see forward.ts). */
export const CLIENT_IP_HEADER = "x-plugs-client-ip";

const SESSION_EXPIRES_SECONDS = 7 * 24 * 60 * 60;
/** A session used after this long since its last refresh gets a fresh expiry (and cookie). */
const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;
const RESET_TOKEN_SECONDS = 60 * 60;

function buildAuth(deps: TDeps) {
  const { config, logger } = deps;
  const secret = resolveAuthSecret(config);
  const mailer = getMailer(deps);
  const log = logger.child({ module: "better-auth" });
  return betterAuth({
    appName: "Plugs & Rugs",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    // A function: the list is read per request, as the origin guard reads it.
    trustedOrigins: () => acceptedOrigins(config),
    telemetry: { enabled: false },
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        const method = level === "error" ? "error" : level === "warn" ? "warn" : "debug";
        log[method]({ args: args.length ? args : undefined }, message);
      },
    },
    // Refusals (wrong password, bad code) are answers, not errors: only unexpected failures are logged as errors.
    onAPIError: {
      // A provider's refusal lands on the sign-in page, which says what went wrong (?error=code).
      errorURL: `${config.publicUrl}${SIGN_IN_PAGE_PATH}`,
      onError: (err) => {
        if (isAPIError(err) && err.statusCode < 500) log.debug({ status: err.statusCode }, err.message);
        else log.error({ err }, "better-auth failed");
      },
    },
    database: drizzleAdapter(deps.db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        passkey: passkeys,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Sign-up gives no session: the verification e-mail's link signs the member in (autoSignInAfterVerification),
      // so its answer can be the same for an address that already has an account (sign-up.ts). Signing in with a
      // password before verifying works (the banner offers a new link); writes others see need it (#31).
      autoSignIn: false,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send(
          linkMail({
            to: user.email,
            subject: "Reset your Plugs & Rugs password",
            intro: "Someone (hopefully you) asked to reset the password of your Plugs & Rugs account.",
            action: "Choose a new password",
            link,
            outro:
              "The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail.",
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        // A change of address (user.changeEmail): the link goes to the new address, and the old one is told.
        if (await sendChangeEmailMails(deps, mailer, { userId: user.id, newEmail: user.email, url })) return;
        await mailer.send(
          linkMail({
            to: user.email,
            subject: "Verify your e-mail for Plugs & Rugs",
            intro: "Welcome to Plugs & Rugs! Please confirm that this is your e-mail address.",
            action: "Verify e-mail",
            link: url,
            outro: "The link expires in 24 hours.",
          }),
        );
      },
    },
    // Linked sign-ins (sign-in-providers.ts). A provider's account joins an existing one with its e-mail only when
    // both sides have verified that address (better-auth's default), so nobody can pre-register a victim's e-mail
    // and wait for them to sign in with Google; linking while signed in may use another address.
    socialProviders: socialProviders(config),
    account: {
      accountLinking: { enabled: true, allowDifferentEmails: true, requireLocalEmailVerified: true },
    },
    // Changing the address: a link to the new one confirms it (features/account/change-email-mails.ts).
    user: { changeEmail: { enabled: true } },
    session: {
      expiresIn: SESSION_EXPIRES_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    // better-auth's limiter stays on as a per-instance flood guard, but sign-in and sign-up are governed by our own
    // database-backed limits (login-limits.ts), so its stricter defaults for those paths are switched off.
    rateLimit: {
      enabled: true,
      storage: "memory",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/email": false,
        "/sign-up/email": false,
        // Reset and verification mails are also behind the captcha; 3 a minute per address is too tight for a NAT.
        "/request-password-reset": { window: 60, max: 10 },
        "/send-verification-email": { window: 60, max: 10 },
        // TOTP guessing is capped per challenge and per account by the two-factor plugin itself.
        "/two-factor/*": { window: 60, max: 30 },
        // Each start of a provider trip stores its state until the provider sends the member back.
        "/sign-in/social": { window: 60, max: 30 },
      },
    },
    advanced: {
      database: { generateId: "uuid" },
      useSecureCookies: config.publicUrl.startsWith("https:"),
      // better-auth skips its origin checks under a test runner by default; tests must meet production's rules.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      username({
        minUsernameLength: 3,
        maxUsernameLength: 30,
        usernameValidator: (value) => /^[A-Za-z0-9_]+$/.test(value),
      }),
      twoFactor({
        issuer: "Plugs & Rugs",
        backupCodeOptions: { amount: 10, length: 10 },
      }),
      admin({ bannedUserMessage: M.auth.banned, defaultRole: "user" }),
      passkeyPlugin({ rpName: "Plugs & Rugs", publicUrl: config.publicUrl }),
      ...oidcPlugins(config),
      // After twoFactor: signing in during a deletion's grace period cancels it (features/account).
      cancelDeletionPlugin(deps),
      // Test servers only: better-auth's test-utils (no routes; testing/factories.ts). Typed as never so the
      // optional plugin leaves the instance's inferred API as it is.
      ...(deps.authTestPlugin ? [deps.authTestPlugin as never] : []),
    ],
    databaseHooks: {
      user: {
        create: {
          after: async (user, ctx) => {
            const body = (ctx?.body ?? {}) as { username?: unknown; referralCode?: unknown };
            await createAccountProfile(deps, {
              userId: user.id,
              email: user.email,
              // Typed at sign-up (or given by the test factory); none when a sign-in provider made the account.
              username:
                typeof body.username === "string"
                  ? body.username
                  : (((user.displayUsername ?? user.username) as string | null | undefined) ?? null),
              referralCode: typeof body.referralCode === "string" ? body.referralCode : null,
              providerName: user.name,
            });
          },
        },
      },
      session: {
        create: {
          // profiles.is_banned is the ban the product knows; the admin plugin also checks users.banned.
          before: async (session) => {
            const [profile] = await deps.db
              .select({ isBanned: profiles.isBanned })
              .from(profiles)
              .where(eq(profiles.id, session.userId));
            if (profile?.isBanned)
              throw new APIError("FORBIDDEN", { message: M.auth.banned, code: "BANNED_USER" });
          },
        },
      },
    },
    hooks: { before: totpBeforeHook(deps), after: totpAfterHook(deps) },
  });
}

export type TAuth = ReturnType<typeof buildAuth>;

const instances = new WeakMap<TDeps, TAuth>();

/**
 * The better-auth instance for these deps, built on first use: by then the public URL is final (tests learn their
 * port only after listening).
 */
export function getAuth(deps: TDeps): TAuth {
  let auth = instances.get(deps);
  if (!auth) {
    auth = buildAuth(deps);
    instances.set(deps, auth);
  }
  return auth;
}
