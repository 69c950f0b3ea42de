import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  M_SWEEP,
  ZLinkWalletInput,
  ZSweepBlockhash,
  ZSweepClaimInput,
  ZSweepClaimResult,
  ZSweepConfig,
  ZSweepHistory,
  ZSweepScan,
  ZSweepWallet,
  ZSweepWallets,
  ZWalletChallenge,
  ZWalletChallengeInput,
} from "@plugs/domain";
import type { TAppEnv, TDeps, TViewer } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { access, defineRoute, errorResponses, json, viewerOf } from "../../http/openapi.ts";
import { memberLimit } from "../limits/member-limits.ts";
import { latestBlockhash } from "./blockhash.ts";
import { claimSweep } from "./claim-sweep.ts";
import { sweepConfig, sweepHistory } from "./history.ts";
import { scanWallet } from "./scan-wallet.ts";
import { createChallenge, linkWallet, listWallets, unlinkWallet } from "./wallets.ts";

const ZAddressParams = z.object({
  address: z
    .string()
    .max(64)
    .openapi({ param: { name: "address", in: "path" }, description: "A linked wallet's address (base58)" }),
});

function member(viewer: TViewer | null): TViewer {
  if (!viewer) throw new AppError("UNAUTHORIZED", M_SWEEP.signInToSweep);
  return viewer;
}

/** Sweep (/api/sweep/...): link Solana wallets, scan them, and claim points for closed token accounts. */
export function sweepRoutes(deps: TDeps) {
  const sweeper = access.signedIn(M_SWEEP.signInToSweep);
  const limit = memberLimit(deps, "sweep");
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "get",
        path: "/sweep/config",
        operationId: "sweepConfig",
        security: access.optional,
        tags: ["sweep"],
        summary:
          "Whether Sweep is configured here (SOLANA_RPC_URL), points per account closed, the wallet limit, the age rule and the explorer's link",
        responses: { 200: json(ZSweepConfig, "Sweep's settings") },
      }),
      async (c) => c.json(await sweepConfig(deps), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/sweep/wallets",
        operationId: "listSweepWallets",
        security: sweeper,
        tags: ["sweep"],
        summary: "Your linked Solana wallets, oldest first",
        responses: { 200: json(ZSweepWallets, "Your wallets"), ...errorResponses(401) },
      }),
      async (c) => c.json(await listWallets(deps, member(viewerOf(c))), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/sweep/wallets/challenge",
        operationId: "sweepWalletChallenge",
        security: sweeper,
        tags: ["sweep"],
        summary:
          "A Sign-In-With-Solana message for a wallet to sign, with a nonce good for one link within ten minutes",
        middleware: [limit] as const,
        request: {
          body: { content: { "application/json": { schema: ZWalletChallengeInput } }, required: true },
        },
        responses: { 201: json(ZWalletChallenge, "The message to sign"), ...errorResponses(400, 401, 429) },
      }),
      async (c) => c.json(await createChallenge(deps, member(viewerOf(c)), c.req.valid("json").address), 201),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/sweep/wallets",
        operationId: "linkSweepWallet",
        security: sweeper,
        tags: ["sweep"],
        summary:
          "Link a wallet with its ed25519 signature (base64) of the challenge; a wallet belongs to one account, a member links a few at most",
        middleware: [limit] as const,
        request: { body: { content: { "application/json": { schema: ZLinkWalletInput } }, required: true } },
        responses: { 201: json(ZSweepWallet, "Linked"), ...errorResponses(400, 401, 409, 429) },
      }),
      async (c) => c.json(await linkWallet(deps, member(viewerOf(c)), c.req.valid("json")), 201),
    )
    .openapi(
      defineRoute({
        method: "delete",
        path: "/sweep/wallets/{address}",
        operationId: "unlinkSweepWallet",
        security: sweeper,
        tags: ["sweep"],
        summary: "Unlink one of your wallets (accounts it already closed stay paid)",
        middleware: [limit] as const,
        request: { params: ZAddressParams },
        responses: { 204: { description: "Unlinked" }, ...errorResponses(401, 404, 429) },
      }),
      async (c) => {
        await unlinkWallet(deps, member(viewerOf(c)), c.req.valid("param").address);
        return c.body(null, 204);
      },
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/sweep/wallets/{address}/accounts",
        operationId: "scanSweepWallet",
        security: sweeper,
        tags: ["sweep"],
        summary:
          "The token accounts (Token and Token-2022) of a linked wallet: those you can close, those you cannot and why, and the rent and points closing returns",
        middleware: [limit] as const,
        request: { params: ZAddressParams },
        responses: { 200: json(ZSweepScan, "The scan"), ...errorResponses(401, 404, 429, 502, 503) },
      }),
      async (c) => c.json(await scanWallet(deps, member(viewerOf(c)), c.req.valid("param").address), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/sweep/blockhash",
        operationId: "sweepBlockhash",
        security: sweeper,
        tags: ["sweep"],
        summary: "A recent blockhash for the closing transactions your wallet signs",
        responses: { 200: json(ZSweepBlockhash, "The blockhash"), ...errorResponses(401, 502, 503) },
      }),
      async (c) => {
        member(viewerOf(c));
        return c.json(await latestBlockhash(deps), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/sweep/claims",
        operationId: "claimSweep",
        security: sweeper,
        tags: ["sweep"],
        summary:
          "Claim the points of a closing transaction, verified on chain: finalized, successful, signed by your linked wallet; 1000 points per token account closed that is old enough and never paid before (409 NOT_FINALIZED: ask again shortly; 400 when the closed accounts have too long a history to check in one claim, refused whole; 429 past the 'sweep' fair-use limit, with Retry-After)",
        middleware: [limit] as const,
        request: { body: { content: { "application/json": { schema: ZSweepClaimInput } }, required: true } },
        responses: {
          200: json(ZSweepClaimResult, "What the transaction paid, per account with the reason when nothing"),
          ...errorResponses(400, 401, 403, 404, 409, 429, 502, 503),
        },
      }),
      async (c) => c.json(await claimSweep(deps, member(viewerOf(c)), c.req.valid("json").signature), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/sweep/history",
        operationId: "sweepHistory",
        security: sweeper,
        tags: ["sweep"],
        summary: "Your latest sweeps, newest first: accounts closed, SOL reclaimed, points",
        responses: { 200: json(ZSweepHistory, "Your sweeps"), ...errorResponses(401) },
      }),
      async (c) => c.json(await sweepHistory(deps, member(viewerOf(c))), 200),
    );
}
