import { z } from "zod";
import { zText } from "./text.ts";

/*
 * Sweep (issue 28): a member closes the empty token accounts of their own Solana wallet and earns points for each
 * one, paid only for what the server proves on chain. Shared here: the rules' constants, the schemas and their
 * messages, and the Sign-In-With-Solana message the browser asks the wallet to sign and the server checks.
 */

export const SWEEP_LIMITS = {
  /** Points per token account closed (the spec's constant; the activity `account_closure` holds the live amount). */
  pointsPerAccount: 1000,
  /** Wallets a member may link at once (SWEEP_MAX_WALLETS). */
  defaultMaxWallets: 3,
  /** Days a token account must have existed before its closing transaction to earn points (SWEEP_MIN_ACCOUNT_AGE_DAYS). */
  defaultMinAccountAgeDays: 7,
  /** How long a link challenge may be signed, in seconds. */
  challengeSeconds: 600,
  /** CloseAccount instructions per transaction the browser builds (a legacy transaction fits about 26). */
  closesPerTransaction: 20,
  /** The sweeps shown in the history, newest first. */
  historyShown: 50,
  /** The rent of a 165-byte token account, returned by closing it (lamports). */
  tokenAccountRentLamports: 2_039_280,
  /** How long the browser keeps asking about a claim answered NOT_FINALIZED, in seconds. */
  finalizeWaitSeconds: 90,
  /** Seconds between those asks. */
  finalizeRetrySeconds: 5,
} as const;

export const LAMPORTS_PER_SOL = 1_000_000_000;

export const TOKEN_PROGRAM_ADDRESS = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
export const TOKEN_2022_PROGRAM_ADDRESS = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
export const SWEEP_PROGRAMS = ["token", "token-2022"] as const;
export type TSweepProgram = (typeof SWEEP_PROGRAMS)[number];

export function programAddressOf(program: TSweepProgram): string {
  return program === "token" ? TOKEN_PROGRAM_ADDRESS : TOKEN_2022_PROGRAM_ADDRESS;
}

export const M_SWEEP = {
  signInToSweep: "Sign in to sweep your wallet",
  notConfigured: "Sweep is not configured on this site.",
  rpcUnavailable: "The Solana network could not be reached. Try again in a moment.",
  addressInvalid: "Enter a valid Solana address",
  signatureRequired: "Sign the message with your wallet",
  signatureInvalid: "The signature is not a valid wallet signature",
  signatureMismatch: "The signature does not match this wallet and message",
  messageInvalid: "The signed message is not the one we asked for",
  challengeUnknown: "This sign-in request is unknown or was already used. Start again.",
  challengeExpired: "This sign-in request has expired. Start again.",
  walletTaken: "This wallet is linked to another account",
  walletAlreadyLinked: "This wallet is already linked to your account",
  tooManyWallets: (max: number) =>
    `You can link at most ${max} wallet${max === 1 ? "" : "s"}. Unlink one first.`,
  walletNotLinked: "This wallet is not linked to your account",
  transactionSignatureInvalid: "Enter a valid transaction signature",
  notFinalized: "The transaction is not finalized yet. Checking again shortly.",
  transactionUnknown: "This transaction was not found on the network",
  transactionFailed: "This transaction failed on chain, so nothing was closed",
  notYourWallet: "This transaction was not signed by a wallet linked to your account",
  alreadyClaimed: "This transaction has already been claimed",
  noCloses: "This transaction closed no token account of your linked wallets",
  claimTooLong:
    "The accounts this transaction closed have too long a history to check in one claim. Close fewer accounts per transaction.",
  // Why a closed account paid nothing (a claim's per-account reasons).
  accountTooYoung: (days: number) =>
    `Opened less than ${days} day${days === 1 ? "" : "s"} before it was closed, so it earns no points`,
  accountAlreadyPaid: "This account has already earned its points",
  accountAgeUnknown: "Its opening could not be found on chain, so it earns no points",
  dailyCapReached: "Today's limit of sweep rewards is reached",
  activityOff: "Sweep rewards are switched off",
  // Why an account cannot be closed (the scan's unclosable reasons).
  holdsTokens: "Holds tokens: only an empty account can be closed",
  frozen: "Frozen by its token's issuer",
  withheldFees: "Holds withheld transfer fees",
  closeAuthorityElsewhere: "Its close authority is another address",
} as const;

/** Why a scanned account cannot be closed from this wallet. */
export const SWEEP_UNCLOSABLE_REASONS = [
  "holds_tokens",
  "frozen",
  "withheld_fees",
  "close_authority",
] as const;
export type TSweepUnclosableReason = (typeof SWEEP_UNCLOSABLE_REASONS)[number];

export const SWEEP_UNCLOSABLE_MESSAGES: Record<TSweepUnclosableReason, string> = {
  holds_tokens: M_SWEEP.holdsTokens,
  frozen: M_SWEEP.frozen,
  withheld_fees: M_SWEEP.withheldFees,
  close_authority: M_SWEEP.closeAuthorityElsewhere,
};

/** Why a closed account of a claim earned nothing (null when it was paid). */
export const SWEEP_UNPAID_REASONS = [
  "too_young",
  "already_paid",
  "age_unknown",
  "daily_cap",
  "activity_off",
] as const;
export type TSweepUnpaidReason = (typeof SWEEP_UNPAID_REASONS)[number];

/** Base58 of 32 bytes: 32 to 44 characters of the bitcoin alphabet (the server also decodes it). */
export const SOLANA_ADDRESS_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
/** Base58 of a 64-byte transaction signature. */
export const SOLANA_SIGNATURE_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

export const ZSolanaAddress = zText(M_SWEEP.addressInvalid)
  .trim()
  .regex(SOLANA_ADDRESS_PATTERN, M_SWEEP.addressInvalid);

/** POST /api/sweep/wallets/challenge: the message to sign for this wallet. */
export const ZWalletChallengeInput = z.object({ address: ZSolanaAddress });
export type TWalletChallengeInput = z.input<typeof ZWalletChallengeInput>;

export const ZWalletChallenge = z.object({
  message: z.string(),
  nonce: z.string(),
  expiresAt: z.string(),
});
export type TWalletChallenge = z.infer<typeof ZWalletChallenge>;

/** POST /api/sweep/wallets: the signed challenge; `signature` is the base64 of the 64-byte ed25519 signature. */
export const ZLinkWalletInput = z.object({
  address: ZSolanaAddress,
  message: zText(M_SWEEP.messageInvalid).min(1, M_SWEEP.messageInvalid).max(2000, M_SWEEP.messageInvalid),
  signature: zText(M_SWEEP.signatureRequired)
    .trim()
    .min(1, M_SWEEP.signatureRequired)
    .max(200, M_SWEEP.signatureInvalid)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, M_SWEEP.signatureInvalid),
});
export type TLinkWalletInput = z.input<typeof ZLinkWalletInput>;

export const ZSweepWallet = z.object({ address: z.string(), linkedAt: z.string() });
export type TSweepWallet = z.infer<typeof ZSweepWallet>;
export const ZSweepWallets = z.object({ items: z.array(ZSweepWallet) });
export type TSweepWallets = z.infer<typeof ZSweepWallets>;

export const ZSweepConfig = z.object({
  configured: z.boolean(),
  pointsPerAccount: z.number(),
  maxWallets: z.number(),
  minAccountAgeDays: z.number(),
  closesPerTransaction: z.number(),
  /** An explorer link with {signature} in it. */
  explorerTxUrl: z.string(),
  cluster: z.string(),
});
export type TSweepConfig = z.infer<typeof ZSweepConfig>;

export const ZSweepAccount = z.object({
  address: z.string(),
  mint: z.string(),
  program: z.enum(SWEEP_PROGRAMS),
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  rentLamports: z.number(),
  /** The raw token amount (an integer as text). */
  amount: z.string(),
  decimals: z.number(),
});
export type TSweepAccount = z.infer<typeof ZSweepAccount>;

export const ZSweepUnclosable = ZSweepAccount.extend({
  reasonCode: z.enum(SWEEP_UNCLOSABLE_REASONS),
  reason: z.string(),
});
export type TSweepUnclosable = z.infer<typeof ZSweepUnclosable>;

/** GET /api/sweep/wallets/{address}/accounts: the wallet's token accounts, closable or not and why. */
export const ZSweepScan = z.object({
  closable: z.array(ZSweepAccount),
  unclosable: z.array(ZSweepUnclosable),
  /** What closing every closable account returns and would earn (before the age rule and the daily cap). */
  totals: z.object({ lamports: z.number(), points: z.number() }),
});
export type TSweepScan = z.infer<typeof ZSweepScan>;

export const ZSweepBlockhash = z.object({ blockhash: z.string(), lastValidBlockHeight: z.string() });
export type TSweepBlockhash = z.infer<typeof ZSweepBlockhash>;

/** POST /api/sweep/claims: the signature (base58) of a confirmed closing transaction. */
export const ZSweepClaimInput = z.object({
  signature: zText(M_SWEEP.transactionSignatureInvalid)
    .trim()
    .regex(SOLANA_SIGNATURE_PATTERN, M_SWEEP.transactionSignatureInvalid),
});
export type TSweepClaimInput = z.input<typeof ZSweepClaimInput>;

export const ZSweepHistoryItem = z.object({
  signature: z.string(),
  wallet: z.string(),
  createdAt: z.string(),
  accountsClosed: z.number(),
  lamportsReclaimed: z.number(),
  points: z.number(),
});
export type TSweepHistoryItem = z.infer<typeof ZSweepHistoryItem>;

export const ZSweepHistory = z.object({ items: z.array(ZSweepHistoryItem) });
export type TSweepHistory = z.infer<typeof ZSweepHistory>;

export const ZSweepClaimedAccount = z.object({
  address: z.string(),
  points: z.number(),
  lamports: z.number(),
  reasonCode: z.enum(SWEEP_UNPAID_REASONS).nullable(),
  /** Why it earned nothing, in words; null when paid. */
  reason: z.string().nullable(),
});
export type TSweepClaimedAccount = z.infer<typeof ZSweepClaimedAccount>;

export const ZSweepClaimResult = z.object({
  accountsClosed: z.number(),
  pointsAwarded: z.number(),
  lamportsReclaimed: z.number(),
  accounts: z.array(ZSweepClaimedAccount),
  sweep: ZSweepHistoryItem,
});
export type TSweepClaimResult = z.infer<typeof ZSweepClaimResult>;

/* ---------- Sign In With Solana: the message a wallet signs to link itself ---------- */

export type TSiwsMessage = {
  /** The site's host (with port when not the default), e.g. plugsandrugs.example. */
  domain: string;
  address: string;
  statement: string;
  uri: string;
  nonce: string;
  issuedAt: string;
  expirationTime: string;
};

export const SIWS_STATEMENT = "Link this wallet to your Plugs & Rugs account to earn points with Sweep.";

/** The text a wallet signs (the Sign-In-With-Solana layout, CAIP-122). */
export function buildSiwsMessage(m: TSiwsMessage): string {
  return [
    `${m.domain} wants you to sign in with your Solana account:`,
    m.address,
    "",
    m.statement,
    "",
    `URI: ${m.uri}`,
    "Version: 1",
    `Nonce: ${m.nonce}`,
    `Issued At: ${m.issuedAt}`,
    `Expiration Time: ${m.expirationTime}`,
  ].join("\n");
}

/** The fields of a message built by buildSiwsMessage, or null when it is not one (rebuilt and compared exactly). */
export function parseSiwsMessage(text: string): TSiwsMessage | null {
  const lines = text.split("\n");
  if (lines.length !== 10) return null;
  const head = /^(.+) wants you to sign in with your Solana account:$/.exec(lines[0] ?? "");
  const field = (line: string | undefined, name: string) =>
    line?.startsWith(`${name}: `) ? line.slice(name.length + 2) : null;
  const uri = field(lines[5], "URI");
  const nonce = field(lines[7], "Nonce");
  const issuedAt = field(lines[8], "Issued At");
  const expirationTime = field(lines[9], "Expiration Time");
  if (!head?.[1] || uri === null || nonce === null || issuedAt === null || expirationTime === null)
    return null;
  const message: TSiwsMessage = {
    domain: head[1],
    address: lines[1] ?? "",
    statement: lines[3] ?? "",
    uri,
    nonce,
    issuedAt,
    expirationTime,
  };
  return buildSiwsMessage(message) === text ? message : null;
}

/** An explorer's link to a transaction: the config's template with the signature in it. */
export function explorerTxLink(template: string, signature: string): string {
  return template.replace("{signature}", encodeURIComponent(signature));
}

/** Lamports as SOL for people: up to 9 decimals, trailing zeros dropped ("0.00203928"). */
export function formatSol(lamports: number): string {
  const whole = Math.floor(lamports / LAMPORTS_PER_SOL);
  const fraction = String(lamports % LAMPORTS_PER_SOL)
    .padStart(9, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}
