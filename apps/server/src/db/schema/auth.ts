import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/*
 * better-auth's tables, written by hand (its CLI needs Node 22). The JS property names are better-auth's field
 * names, which its Drizzle adapter addresses; the SQL names are ours (snake_case). Plugins add: username
 * (username, displayUsername), admin (role, banned, banReason, banExpires; session.impersonatedBy) and
 * twoFactor (user.twoFactorEnabled and the two_factors table). Ids are uuids made by Postgres, so a user's id is
 * also their profiles.id.
 */

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** An account: e-mail (lowercased by better-auth), verification state and the plugins' fields. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull().unique("users_email_key"),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    ...timestamps,
    // username plugin: `username` is the lowercased copy kept unique; profiles.username keeps the typed case.
    username: text("username").unique("users_username_key"),
    displayUsername: text("display_username"),
    // admin plugin
    role: text("role"),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    // twoFactor plugin
    twoFactorEnabled: boolean("two_factor_enabled").default(false),
  },
  (t) => [
    // Who is banned (a handful of rows): posts/visibility.ts's bannedMemberIds reads it in every list.
    index("users_banned_idx").on(t.id).where(sql`${t.banned}`),
    // The admins' member search by e-mail prefix (e-mails are stored lowercased).
    index("users_email_prefix_idx").on(sql`${t.email} text_pattern_ops`),
  ],
);

/** A signed-in browser. The cookie holds `token` (signed); sign-out and bans delete the row. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique("sessions_token_key"),
    ...timestamps,
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/** How an account signs in; the e-mail + password account has providerId 'credential' and the password hash. */
export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

/** Single-use tokens: password reset, pending two-factor sign-ins, trusted devices. */
export const verifications = pgTable(
  "verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** An account's TOTP secret and backup codes (both encrypted with the auth secret). */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("two_factors_user_id_idx").on(t.userId)],
);

/**
 * A member's passkeys (WebAuthn credentials), the passkey plugin's `passkey` model (features/auth/passkey-plugin.ts):
 * the public key (base64) and signature counter of each, the name the member gave it, and what the authenticator
 * said of itself (device type, backed up, transports, AAGUID).
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    aaguid: text("aaguid"),
    ...timestamps,
  },
  (t) => [
    // Signing in finds the passkey by the credential the browser names; one account per credential.
    uniqueIndex("passkeys_credential_id_key").on(t.credentialID),
    // A member's list, newest first (also their registration's exclude list and the erase).
    index("passkeys_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);
