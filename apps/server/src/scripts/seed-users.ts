import { eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import type { TDeps, TViewer } from "../context.ts";
import { profiles, userRoles, users } from "../db/schema/index.ts";
import { createAccount } from "../features/auth/create-account.ts";
import { grantAdmin } from "../features/auth/roles.ts";

/** The password of every demo account (it passes the strict rules). */
export const DEMO_PASSWORD = "DemoPass123";

type TDemoUser = { username: string; email: string; name: string; color: string; referredBy?: string };

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
];

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
      .select({ avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.id, id));
    if (!profile?.avatarUrl) {
      const url = await saveAvatar(deps, person.username, await renderAvatar(person.name, person.color));
      await deps.db
        .update(profiles)
        .set({ avatarUrl: url, updatedAt: sql`now()` })
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
