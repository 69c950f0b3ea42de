import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { profiles } from "./profiles.ts";

/** A Solana wallet linked to a member by a signed challenge: one wallet belongs to one member at most. */
export const sweepWallets = pgTable(
  "sweep_wallets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sweep_wallets_address_key").on(t.address),
    // A member's wallets, oldest first.
    index("sweep_wallets_user_idx").on(t.userId, t.createdAt),
  ],
);

/** A link challenge: its nonce is used once (deleted as the link is made) and expires. */
export const sweepChallenges = pgTable(
  "sweep_challenges",
  {
    nonce: text("nonce").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    message: text("message").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sweep_challenges_user_idx").on(t.userId, t.expiresAt)],
);

/**
 * A claimed closing transaction: its signature is claimed once, ever (kept when the member is gone), with what it
 * paid. `userId` is who claimed it.
 */
export const sweeps = pgTable(
  "sweeps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => profiles.id, { onDelete: "set null" }),
    signature: text("signature").notNull(),
    wallet: text("wallet").notNull(),
    accountsClosed: integer("accounts_closed").notNull(),
    lamportsReclaimed: bigint("lamports_reclaimed", { mode: "number" }).notNull(),
    points: integer("points").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sweeps_signature_key").on(t.signature),
    // The member's history, newest first.
    index("sweeps_user_newest_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** A token account address that earned its points: it pays once, ever, across all members. */
export const sweepPaidAccounts = pgTable(
  "sweep_paid_accounts",
  {
    address: text("address").primaryKey(),
    sweepId: uuid("sweep_id")
      .notNull()
      .references(() => sweeps.id),
    userId: uuid("user_id").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sweep_paid_accounts_sweep_idx").on(t.sweepId)],
);
