import { createPublicKey, randomBytes, verify } from "node:crypto";
import {
  buildSiwsMessage,
  M_SWEEP,
  SIWS_STATEMENT,
  SWEEP_LIMITS,
  type TLinkWalletInput,
  type TSweepWallet,
  type TSweepWallets,
  type TWalletChallenge,
} from "@plugs/domain";
import { type Address, getAddressEncoder, isAddress } from "@solana/kit";
import { and, asc, count, eq, lt } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import { profiles, sweepChallenges, sweepWallets } from "../../db/schema/index.ts";
import { AppError, isUniqueViolation } from "../../errors.ts";

/** The 32 bytes of a Solana address (base58 of an ed25519 public key), or 400 when it is not one. */
function publicKeyBytes(address: string): Uint8Array {
  if (!isAddress(address)) {
    throw new AppError("VALIDATION", M_SWEEP.addressInvalid, { fields: { address: M_SWEEP.addressInvalid } });
  }
  return new Uint8Array(getAddressEncoder().encode(address as Address));
}

/** Whether `signature` (64 bytes) is the ed25519 signature of `message` by the key of `address`. */
export function verifyWalletSignature(address: string, message: string, signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  const key = createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKeyBytes(address)).toString("base64url") },
    format: "jwk",
  });
  try {
    return verify(null, Buffer.from(message, "utf8"), key, signature);
  } catch {
    return false;
  }
}

function toWallet(row: { address: string; createdAt: Date }): TSweepWallet {
  return { address: row.address, linkedAt: row.createdAt.toISOString() };
}

/** GET /api/sweep/wallets: the member's linked wallets, oldest first. */
export async function listWallets(deps: TDeps, viewer: TViewer): Promise<TSweepWallets> {
  const rows = await deps.db
    .select({ address: sweepWallets.address, createdAt: sweepWallets.createdAt })
    .from(sweepWallets)
    .where(eq(sweepWallets.userId, viewer.id))
    .orderBy(asc(sweepWallets.createdAt));
  return { items: rows.map(toWallet) };
}

/** The addresses of the member's linked wallets. */
export async function linkedAddresses(deps: Pick<TDeps, "db">, userId: string): Promise<string[]> {
  const rows = await deps.db
    .select({ address: sweepWallets.address })
    .from(sweepWallets)
    .where(eq(sweepWallets.userId, userId));
  return rows.map((r) => r.address);
}

/**
 * POST /api/sweep/wallets/challenge: a Sign-In-With-Solana message for this wallet with a new nonce, valid for
 * ten minutes and good for one link. Expired challenges are cleared on the way.
 */
export async function createChallenge(
  deps: TDeps,
  viewer: TViewer,
  address: string,
): Promise<TWalletChallenge> {
  publicKeyBytes(address);
  const now = new Date();
  const expires = new Date(now.getTime() + SWEEP_LIMITS.challengeSeconds * 1000);
  const site = new URL(deps.config.publicUrl);
  const nonce = randomBytes(16).toString("hex");
  const message = buildSiwsMessage({
    domain: site.host,
    address,
    statement: SIWS_STATEMENT,
    uri: site.origin,
    nonce,
    issuedAt: now.toISOString(),
    expirationTime: expires.toISOString(),
  });
  // This member's expired challenges go as a new one comes (their index); everyone else's go in the hourly clean-up.
  await deps.db
    .delete(sweepChallenges)
    .where(and(eq(sweepChallenges.userId, viewer.id), lt(sweepChallenges.expiresAt, now)));
  await deps.db
    .insert(sweepChallenges)
    .values({ nonce, userId: viewer.id, address, message, expiresAt: expires });
  return { message, nonce, expiresAt: expires.toISOString() };
}

/**
 * POST /api/sweep/wallets: links the wallet whose signature of our challenge checks out. The challenge is taken
 * (deleted) first, so a nonce works once whatever follows; then its expiry, its exact text and the ed25519
 * signature. A wallet belongs to one member (the unique address), and a member holds at most SWEEP_MAX_WALLETS
 * (counted under a lock of their profile row, so parallel links cannot pass it).
 */
export async function linkWallet(
  deps: TDeps,
  viewer: TViewer,
  input: TLinkWalletInput,
): Promise<TSweepWallet> {
  const nonce = /\nNonce: ([0-9a-f]{32})\n/.exec(input.message)?.[1];
  if (!nonce)
    throw new AppError("VALIDATION", M_SWEEP.messageInvalid, { fields: { message: M_SWEEP.messageInvalid } });
  const [challenge] = await deps.db
    .delete(sweepChallenges)
    .where(and(eq(sweepChallenges.nonce, nonce), eq(sweepChallenges.userId, viewer.id)))
    .returning();
  if (!challenge) throw new AppError("CONFLICT", M_SWEEP.challengeUnknown);
  if (challenge.expiresAt.getTime() < Date.now()) throw new AppError("CONFLICT", M_SWEEP.challengeExpired);
  if (challenge.message !== input.message || challenge.address !== input.address) {
    throw new AppError("VALIDATION", M_SWEEP.messageInvalid, { fields: { message: M_SWEEP.messageInvalid } });
  }
  const signature = Buffer.from(input.signature, "base64");
  if (signature.length !== 64) {
    throw new AppError("VALIDATION", M_SWEEP.signatureInvalid, {
      fields: { signature: M_SWEEP.signatureInvalid },
    });
  }
  if (!verifyWalletSignature(input.address, input.message, signature)) {
    throw new AppError("VALIDATION", M_SWEEP.signatureMismatch, {
      fields: { signature: M_SWEEP.signatureMismatch },
    });
  }

  try {
    const row = await deps.db.transaction(async (tx) => {
      await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, viewer.id)).for("update");
      const [owner] = await tx
        .select({ userId: sweepWallets.userId })
        .from(sweepWallets)
        .where(eq(sweepWallets.address, input.address));
      if (owner) {
        throw new AppError(
          "CONFLICT",
          owner.userId === viewer.id ? M_SWEEP.walletAlreadyLinked : M_SWEEP.walletTaken,
        );
      }
      const [held] = await tx
        .select({ n: count() })
        .from(sweepWallets)
        .where(eq(sweepWallets.userId, viewer.id));
      const max = deps.config.sweepMaxWallets;
      if ((held?.n ?? 0) >= max) throw new AppError("CONFLICT", M_SWEEP.tooManyWallets(max));
      const [inserted] = await tx
        .insert(sweepWallets)
        .values({ userId: viewer.id, address: input.address })
        .returning({ address: sweepWallets.address, createdAt: sweepWallets.createdAt });
      return inserted;
    });
    if (!row) throw new AppError("CONFLICT", M_SWEEP.walletTaken);
    return toWallet(row);
  } catch (err) {
    // Another member linked it between our check and our insert.
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", M_SWEEP.walletTaken);
    throw err;
  }
}

/** DELETE /api/sweep/wallets/{address}: unlinks one of the member's wallets (its paid accounts stay paid). */
export async function unlinkWallet(deps: TDeps, viewer: TViewer, address: string): Promise<void> {
  const removed = await deps.db
    .delete(sweepWallets)
    .where(and(eq(sweepWallets.userId, viewer.id), eq(sweepWallets.address, address)))
    .returning({ address: sweepWallets.address });
  if (removed.length === 0) throw new AppError("NOT_FOUND", M_SWEEP.walletNotLinked);
}

/** 404 unless the wallet is linked to this member. */
export async function requireLinkedWallet(deps: TDeps, viewer: TViewer, address: string): Promise<void> {
  const [row] = await deps.db
    .select({ id: sweepWallets.id })
    .from(sweepWallets)
    .where(and(eq(sweepWallets.userId, viewer.id), eq(sweepWallets.address, address)));
  if (!row) throw new AppError("NOT_FOUND", M_SWEEP.walletNotLinked);
}
