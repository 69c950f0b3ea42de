import { eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import type { TDeps, TViewer } from "../context.ts";
import { profiles, userRoles, users } from "../db/schema/index.ts";
import { createAccount } from "../features/auth/create-account.ts";
import { grantAdmin } from "../features/auth/roles.ts";
import { renderBanner } from "./seed-images.ts";

/** The password of every demo account (it passes the strict rules). */
export const DEMO_PASSWORD = "DemoPass123";

type TDemoUser = {
  username: string;
  email: string;
  name: string;
  color: string;
  referredBy?: string;
  /** What their profile says. */
  bio?: string;
  xHandle?: string;
  telegram?: string;
  website?: string;
};

/** Fictional people; the e-mails use the reserved .test domain so nothing is ever sent to a real address. */
export const DEMO_ADMIN: TDemoUser = {
  username: "plugs_admin",
  email: "admin@plugs-demo.test",
  name: "Plugs Admin",
  color: "#0f766e",
};

export const DEMO_USERS: TDemoUser[] = [
  { username: "ava_onchain", email: "ava@plugs-demo.test", name: "Ava Lindqvist", color: "#2563eb" },
  { username: "mateo_defi", email: "mateo@plugs-demo.test", name: "Mateo Ruiz", color: "#7c3aed" },
  { username: "kofi_builds", email: "kofi@plugs-demo.test", name: "Kofi Mensah", color: "#16a34a" },
  { username: "priya_yield", email: "priya@plugs-demo.test", name: "Priya Raman", color: "#db2777" },
  { username: "jonas_charts", email: "jonas@plugs-demo.test", name: "Jonas Weber", color: "#ea580c" },
  {
    username: "mei_mints",
    email: "mei@plugs-demo.test",
    name: "Mei Tanaka",
    color: "#0891b2",
    referredBy: "ava_onchain",
  },
  {
    username: "diego_validator",
    email: "diego@plugs-demo.test",
    name: "Diego Alvarez",
    color: "#4f46e5",
    referredBy: "mateo_defi",
  },
  { username: "sara_rugwatch", email: "sara@plugs-demo.test", name: "Sara Haddad", color: "#dc2626" },
  {
    username: "tomasz_l2",
    email: "tomasz@plugs-demo.test",
    name: "Tomasz Nowak",
    color: "#65a30d",
    referredBy: "ava_onchain",
  },
  { username: "amara_alpha", email: "amara@plugs-demo.test", name: "Amara Okafor", color: "#c026d3" },
  {
    username: "noah_hodl",
    email: "noah@plugs-demo.test",
    name: "Noah Brooks",
    color: "#0d9488",
    referredBy: "kofi_builds",
  },
  { username: "lena_solana", email: "lena@plugs-demo.test", name: "Lena Fischer", color: "#9333ea" },
  // The wider crowd that makes the feed, the leaderboard and the follower counts look lived in.
  {
    username: "zara_nodes",
    email: "zara@plugs-demo.test",
    name: "Zara Idowu",
    color: "#f97316",
    bio: "Validator operator in Lagos. Uptime is a love language.",
    referredBy: "ava_onchain",
  },
  {
    username: "felix_gas",
    email: "felix@plugs-demo.test",
    name: "Felix Brandt",
    color: "#0ea5e9",
    bio: "Counting gas so you can count gains.",
  },
  {
    username: "ines_audit",
    email: "ines@plugs-demo.test",
    name: "Inês Costa",
    color: "#a855f7",
    bio: "Smart contract auditor. Reentrancy is not a vibe.",
  },
  {
    username: "ravi_mempool",
    email: "ravi@plugs-demo.test",
    name: "Ravi Shankar",
    color: "#22c55e",
    bio: "Watching the mempool so the bots do not surprise you.",
  },
  {
    username: "yuki_dao",
    email: "yuki@plugs-demo.test",
    name: "Yuki Sato",
    color: "#e11d48",
    bio: "DAO delegate. Reading proposals end to end.",
    referredBy: "kofi_builds",
  },
  {
    username: "omar_liquid",
    email: "omar@plugs-demo.test",
    name: "Omar Farouk",
    color: "#14b8a6",
    bio: "Market maker turned educator.",
  },
  {
    username: "chloe_nft",
    email: "chloe@plugs-demo.test",
    name: "Chloé Martin",
    color: "#f43f5e",
    bio: "Collector. Royalties matter.",
  },
  {
    username: "liam_stake",
    email: "liam@plugs-demo.test",
    name: "Liam O'Connor",
    color: "#6366f1",
    bio: "Staking, restaking and the risks nobody tweets about.",
  },
  {
    username: "nadia_sec",
    email: "nadia@plugs-demo.test",
    name: "Nadia Petrova",
    color: "#84cc16",
    bio: "Wallet security workshops, twice a month.",
    referredBy: "sara_rugwatch",
  },
  {
    username: "kwame_bridge",
    email: "kwame@plugs-demo.test",
    name: "Kwame Asante",
    color: "#eab308",
    bio: "Bridges are the riskiest thing you use. Let's talk about it.",
  },
  {
    username: "sofia_memes",
    email: "sofia@plugs-demo.test",
    name: "Sofía Herrera",
    color: "#ec4899",
    bio: "Memecoin anthropologist. Mostly here for the screenshots.",
  },
  {
    username: "ben_backtest",
    email: "ben@plugs-demo.test",
    name: "Ben Carter",
    color: "#3b82f6",
    bio: "Backtesting everything, trusting nothing.",
  },
  {
    username: "aisha_onramp",
    email: "aisha@plugs-demo.test",
    name: "Aisha Bello",
    color: "#10b981",
    bio: "Helping newcomers buy their first crypto safely.",
    referredBy: "ava_onchain",
  },
  {
    username: "hugo_oracle",
    email: "hugo@plugs-demo.test",
    name: "Hugo Lefèvre",
    color: "#8b5cf6",
    bio: "Oracles and price feeds. Manipulation hunter.",
  },
  {
    username: "maya_zk",
    email: "maya@plugs-demo.test",
    name: "Maya Cohen",
    color: "#f59e0b",
    bio: "Zero-knowledge curious. Proofs over promises.",
  },
  {
    username: "leo_perps",
    email: "leo@plugs-demo.test",
    name: "Leo Rossi",
    color: "#ef4444",
    bio: "Perps trader. Liquidation survivor.",
  },
  {
    username: "hana_wallets",
    email: "hana@plugs-demo.test",
    name: "Hana Kim",
    color: "#06b6d4",
    bio: "Reviewing wallets so you do not have to trust the app store.",
    referredBy: "kofi_builds",
  },
  {
    username: "erik_cold",
    email: "erik@plugs-demo.test",
    name: "Erik Johansson",
    color: "#64748b",
    bio: "Cold storage or it did not happen.",
  },
  {
    username: "lucia_grants",
    email: "lucia@plugs-demo.test",
    name: "Lucía Gómez",
    color: "#d946ef",
    bio: "Ecosystem grants. Builders first.",
  },
  {
    username: "sam_devrel",
    email: "sam@plugs-demo.test",
    name: "Sam Whitfield",
    color: "#0284c7",
    bio: "DevRel. Docs PRs welcome.",
  },
  {
    username: "fatima_tax",
    email: "fatima@plugs-demo.test",
    name: "Fatima Zahra",
    color: "#65a30d",
    bio: "Crypto taxes explained without the jargon.",
    referredBy: "sara_rugwatch",
  },
  {
    username: "jin_rugpull",
    email: "jin@plugs-demo.test",
    name: "Jin Park",
    color: "#b91c1c",
    bio: "Lost money to a rug in 2021. Now I help others avoid it.",
  },
  {
    username: "ola_community",
    email: "ola@plugs-demo.test",
    name: "Ola Nordmann",
    color: "#0f766e",
    bio: "Community moderator. Be kind, cite sources.",
  },
  {
    username: "rosa_research",
    email: "rosa@plugs-demo.test",
    name: "Rosa Delgado",
    color: "#7e22ce",
    bio: "Token research: supply, unlocks, insiders.",
  },
];

/** The first twelve's profile words (the crowd carries its own). */
const DEMO_PROFILES: Record<string, Pick<TDemoUser, "bio" | "xHandle" | "telegram" | "website">> = {
  ava_onchain: {
    bio: "Onchain sleuth. I read contracts so you do not have to (but you should).",
    xHandle: "ava_onchain",
  },
  mateo_defi: {
    bio: "DeFi since the summer of 2020. Liquidity, locks and the fine print.",
    telegram: "mateo_defi",
  },
  kofi_builds: {
    bio: "Building indexers on Solana. Ship small, ship often.",
    website: "https://kofi-builds.example",
  },
  priya_yield: {
    bio: "Where does the yield come from? If you cannot answer, you are the yield.",
    xHandle: "priya_yield",
  },
  jonas_charts: { bio: "Charts, volume and the occasional hot take. Not financial advice." },
  mei_mints: {
    bio: "NFT artist and mint-page reviewer. Check the contract before the art.",
    xHandle: "mei_mints",
  },
  diego_validator: { bio: "Running validators, watching uptime, reading release notes." },
  sara_rugwatch: { bio: "Rug Watch founder. Evidence first, always.", telegram: "sara_rugwatch" },
  tomasz_l2: { bio: "Rollups, bridges and fees. Comparing so you do not overpay." },
  amara_alpha: { bio: "Early to launches, late to hype. Collecting receipts.", xHandle: "amara_alpha" },
  noah_hodl: { bio: "Long-term holder, short-term skeptic." },
  lena_solana: { bio: "Solana Builders host. Docs nerd.", website: "https://lena-solana.example" },
};

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("")
    .slice(0, 2);
}

/** A 256 px PNG of the person's initials on their colour. */
export async function renderAvatar(name: string, color: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <rect width="256" height="256" fill="${color}"/>
  <text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif"
    font-size="104" font-weight="700" fill="#ffffff">${initials(name)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Stores the avatar through the storage service (DATA_DIR/uploads or S3) and returns its /media URL. */
async function saveAvatar(deps: TDeps, username: string, png: Buffer): Promise<string> {
  const stored = await deps.storage.put("avatars/demo", `${username}.png`, new Uint8Array(png), "image/png");
  return stored.url;
}

async function existingUserId(deps: TDeps, email: string): Promise<string | null> {
  const [row] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

/**
 * Creates the demo accounts through the same sign-up path as the API (profile, referral), with generated avatars,
 * verified e-mails, and the admin role for the demo admin. Idempotent: accounts that exist are left as they are
 * (their avatar is filled in when missing).
 */
export async function seedUsers(deps: TDeps, log: (line: string) => void) {
  const all = [DEMO_ADMIN, ...DEMO_USERS];
  let created = 0;
  for (const [i, person] of all.entries()) {
    let id = await existingUserId(deps, person.email);
    const isNew = !id;
    if (!id) {
      ({ id } = await createAccount(deps, {
        email: person.email,
        username: person.username,
        password: DEMO_PASSWORD,
        name: person.name,
        referralCode: person.referredBy,
        acceptTerms: true,
      }));
      created++;
    }
    await deps.db.update(users).set({ emailVerified: true }).where(eq(users.id, id));
    const [profile] = await deps.db
      .select({
        avatarUrl: profiles.avatarUrl,
        bannerUrl: profiles.bannerUrl,
        displayName: profiles.displayName,
      })
      .from(profiles)
      .where(eq(profiles.id, id));
    if (!profile?.avatarUrl) {
      const url = await saveAvatar(deps, person.username, await renderAvatar(person.name, person.color));
      await deps.db
        .update(profiles)
        .set({ avatarUrl: url, updatedAt: sql`now()` })
        .where(eq(profiles.id, id));
    }
    if (!profile?.bannerUrl && person !== DEMO_ADMIN) {
      const banner = await renderBanner([person.color, "#111827"]);
      const stored = await deps.storage.put(
        "banners/demo",
        `${person.username}.png`,
        new Uint8Array(await banner.arrayBuffer()),
        "image/png",
      );
      await deps.db.update(profiles).set({ bannerUrl: stored.url }).where(eq(profiles.id, id));
    }
    if (!profile?.displayName) {
      const words = { ...DEMO_PROFILES[person.username], ...person };
      await deps.db
        .update(profiles)
        .set({
          displayName: person.name,
          bio: words.bio ?? null,
          xHandle: words.xHandle ?? null,
          telegram: words.telegram ?? null,
          website: words.website ?? null,
        })
        .where(eq(profiles.id, id));
    }
    // The crowd joined over the last three months (the admin's sign-up chart and 'Joined' dates show it).
    if (isNew && i > 12) {
      await deps.db
        .update(profiles)
        .set({ createdAt: sql`now() - ${(i * 37) % 90} * interval '1 day' - ${i} * interval '1 hour'` })
        .where(eq(profiles.id, id));
    }
    if (person === DEMO_ADMIN) await grantAdmin(deps.db, [id]);
    log(`  [${i + 1}/${all.length}] ${person.username.padEnd(16)} ${isNew ? "created" : "already there"}`);
  }
  return { created, total: all.length };
}

/**
 * The demo people (the admin too) as the services' signed-in viewer, looked up in one query: `as(username)` answers
 * that person, and throws when they are missing (seed the users first).
 */
export async function demoViewers(deps: TDeps): Promise<(username: string) => TViewer> {
  const people = await deps.db
    .select({
      id: profiles.id,
      username: profiles.username,
      email: users.email,
      emailVerified: users.emailVerified,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles}
        where ${userRoles.userId} = ${profiles.id} and ${userRoles.role} = 'admin')`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(
      inArray(
        profiles.username,
        [DEMO_ADMIN, ...DEMO_USERS].map((u) => u.username),
      ),
    );
  const byName = new Map(people.map((p) => [p.username, { ...p, sessionId: "seed" }]));
  return (username) => {
    const viewer = byName.get(username);
    if (!viewer) throw new Error(`demo user ${username} is missing; seed users first`);
    return viewer;
  };
}
