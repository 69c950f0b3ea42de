import { eq } from "drizzle-orm";
import type { TDeps } from "../context.ts";
import { kols } from "../db/schema/index.ts";
import { castVote } from "../features/kols/vote.ts";
import { reviewReport } from "../features/reports/review-report.ts";
import { submitReport } from "../features/reports/submit-report.ts";
import { DEMO_ADMIN, DEMO_USERS, demoViewers, renderAvatar } from "./seed-users.ts";

type TSeedReport = {
  by: string;
  category: "rug_pull" | "scam_promotion" | "undisclosed_paid_promotion" | "impersonation" | "other";
  description: string;
  links?: string[];
  contract?: string;
  tx?: string;
  review?: { status: "approved" } | { status: "rejected"; reason: string };
};

type TSeedKol = {
  handle: string;
  name: string;
  bio: string;
  color: string;
  /** How many of the demo users vote plug; the next `rugs` vote rug. */
  plugs: number;
  rugs: number;
  reports?: TSeedReport[];
};

/**
 * Fictional KOLs (never real people): names, handles and links are made up, websites use the reserved `.example`
 * domain. Their votes and reports come from the demo users through the same services the API uses.
 */
const SEED_KOLS: TSeedKol[] = [
  {
    handle: "luna_ledger",
    name: "Luna Ledger",
    bio: "On-chain analyst. Posts the wallet flows behind every call and tags each paid post #ad.",
    color: "#0f766e",
    plugs: 11,
    rugs: 1,
  },
  {
    handle: "gwei_whisperer",
    name: "Gwei Whisperer",
    bio: "Gas, MEV and L2 fee deep dives. Never shills tokens.",
    color: "#2563eb",
    plugs: 9,
    rugs: 1,
  },
  {
    handle: "yield_yoda",
    name: "Yield Yoda",
    bio: "Stablecoin yields explained, risks first. Audits linked in every thread.",
    color: "#16a34a",
    plugs: 8,
    rugs: 2,
  },
  {
    handle: "cipher_sage",
    name: "Cipher Sage",
    bio: "Privacy tech and zero-knowledge research notes.",
    color: "#7c3aed",
    plugs: 6,
    rugs: 1,
  },
  {
    handle: "degen_dana",
    name: "Degen Dana",
    bio: "Memecoin hunter. High risk, says so loudly.",
    color: "#db2777",
    plugs: 3,
    rugs: 1,
  },
  {
    handle: "alpha_oracle",
    name: "Alpha Oracle",
    bio: "Daily 'alpha' calls. Track record: mixed.",
    color: "#ea580c",
    plugs: 5,
    rugs: 5,
  },
  {
    handle: "solar_flare",
    name: "Solar Flare",
    bio: "Solana ecosystem news and launchpad picks.",
    color: "#ca8a04",
    plugs: 4,
    rugs: 3,
  },
  {
    handle: "chart_monk",
    name: "Chart Monk",
    bio: "Quiet chartist. New here.",
    color: "#475569",
    plugs: 0,
    rugs: 0,
  },
  {
    handle: "moonshot_max",
    name: "Moonshot Max",
    bio: "'100x or nothing.' Launches a new token every month.",
    color: "#dc2626",
    plugs: 1,
    rugs: 10,
    reports: [
      {
        by: "sara_rugwatch",
        category: "rug_pull",
        description:
          "Promoted $MAXMOON to his followers as a 'community token', then the deployer wallet pulled the liquidity 40 minutes after launch. The same wallet funded his presale allocation.",
        links: [
          "https://explorer.example/tx/maxmoon-liquidity-removal",
          "https://archive.example/maxmoon-thread",
        ],
        contract: "0x5f3a9c1e7b2d4a6f8e0c1b3d5a7f9e2c4b6d8a0f",
        tx: "0x9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d",
        review: { status: "approved" },
      },
      {
        by: "jonas_charts",
        category: "undisclosed_paid_promotion",
        description:
          "Posted three 'organic' threads about a launchpad; the launchpad's own announcement lists him as a paid partner for the same week. None of the threads said so.",
        links: ["https://launchpad.example/partners-week-12"],
        review: { status: "approved" },
      },
      {
        by: "noah_hodl",
        category: "other",
        description: "He blocked me after I asked about the unlock schedule. Feels shady to me.",
        review: { status: "rejected", reason: "Being blocked is not evidence of wrongdoing" },
      },
      {
        by: "kofi_builds",
        category: "scam_promotion",
        description:
          "Shilling a new 'AI yield bot' that asks users to approve unlimited spending of their USDC. The contract is unverified.",
        contract: "0x1b2c3d4e5f60718293a4b5c6d7e8f90112233445",
      },
    ],
  },
  {
    handle: "pumpking_ape",
    name: "Pump King",
    bio: "Call channel with 80k members. Entries posted after he buys.",
    color: "#b91c1c",
    plugs: 2,
    rugs: 7,
    reports: [
      {
        by: "priya_yield",
        category: "scam_promotion",
        description:
          "Called a token 'safe, audited' in his channel; the audit link goes to a page that does not exist and the token has a 10% sell tax owned by the deployer.",
        links: ["https://explorer.example/token/pumpking-tax"],
        review: { status: "approved" },
      },
    ],
  },
  {
    handle: "airdrop_angel",
    name: "Airdrop Angel",
    bio: "'Free airdrops daily.' Account was renamed twice this year.",
    color: "#9f1239",
    plugs: 1,
    rugs: 5,
    reports: [
      {
        by: "lena_solana",
        category: "impersonation",
        description:
          "Posing as the official support account of a wallet app and sending 'claim your airdrop' links to a drainer site in replies.",
        links: ["https://archive.example/airdrop-angel-replies"],
        review: { status: "approved" },
      },
    ],
  },
  {
    handle: "rektangle",
    name: "Rektangle",
    bio: "Leverage trader. Posts liquidations as 'lessons'.",
    color: "#be123c",
    plugs: 2,
    rugs: 6,
  },
];

/**
 * Adds the fictional KOLs with avatars, the demo users' votes and their reports (reviewed by the demo admin).
 * Idempotent: a KOL already there is left as it is.
 */
export async function seedKols(deps: TDeps, log: (line: string) => void) {
  const as = await demoViewers(deps);
  const admin = as(DEMO_ADMIN.username);
  const voters = DEMO_USERS.map((u) => as(u.username));
  let created = 0;
  for (const [i, kol] of SEED_KOLS.entries()) {
    const [existing] = await deps.db.select({ id: kols.id }).from(kols).where(eq(kols.handle, kol.handle));
    if (existing) {
      log(`  [${i + 1}/${SEED_KOLS.length}] @${kol.handle.padEnd(16)} already there`);
      continue;
    }
    const png = await renderAvatar(kol.name, kol.color);
    const avatar = await deps.storage.put(
      "avatars/kols",
      `${kol.handle}.png`,
      new Uint8Array(png),
      "image/png",
    );
    await deps.db.insert(kols).values({
      handle: kol.handle,
      name: kol.name,
      bio: kol.bio,
      avatarUrl: avatar.url,
      websiteUrl: `https://${kol.handle.replaceAll("_", "-")}.example`,
      createdBy: admin.id,
    });
    const plugVoters = voters.slice(0, kol.plugs);
    const rugVoters = voters.slice(kol.plugs, kol.plugs + kol.rugs);
    for (const v of plugVoters) await castVote(deps, v, kol.handle, "plug");
    for (const v of rugVoters) await castVote(deps, v, kol.handle, "rug");
    for (const r of kol.reports ?? []) {
      const report = await submitReport(deps, as(r.by), {
        kolHandle: kol.handle,
        category: r.category,
        description: r.description,
        evidenceUrls: r.links ?? [],
        contractAddress: r.contract ?? null,
        txHash: r.tx ?? null,
        screenshotCount: 0,
        screenshots: [],
      });
      if (r.review) await reviewReport(deps, admin, report.id, r.review);
    }
    created++;
    log(`  [${i + 1}/${SEED_KOLS.length}] @${kol.handle.padEnd(16)} created`);
  }
  return { created, total: SEED_KOLS.length };
}
