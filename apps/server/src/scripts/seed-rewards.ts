import { eq } from "drizzle-orm";
import type { TDeps } from "../context.ts";
import { giveaways } from "../db/schema/index.ts";
import { createGiveaway, publishGiveaway } from "../features/rewards/admin-giveaways.ts";
import { drawGiveaway } from "../features/rewards/draw-giveaway.ts";
import { enterGiveaway } from "../features/rewards/enter-giveaway.ts";
import { DEMO_ADMIN, DEMO_USERS, demoViewers } from "./seed-users.ts";

const DAY = 86_400_000;

/**
 * Two giveaways made through the admin's own services: a live one with a few entries, and one that ended and was
 * drawn (entered while live, then its end moved into the past and the real draw run), so its proof verifies.
 */
export async function seedRewards(deps: TDeps, log: (line: string) => void) {
  const as = await demoViewers(deps);
  const admin = as(DEMO_ADMIN.username);
  const plans = [
    {
      slug: "hardware-wallet-week",
      title: "Hardware wallet week",
      prize: "A Ledger Nano X",
      description:
        "Keep your seed phrase offline. This week one member wins a **Ledger Nano X**, shipped anywhere.\n\n- One entry per member\n- Entry costs 25 points\n- Drawn at the end time, provably fair: check the proof below",
      winnersCount: 1,
      entryCost: 25,
      minAccountAgeDays: 0,
      entrants: DEMO_USERS.slice(0, 4),
      ended: false,
    },
    {
      slug: "rug-spotters-bounty",
      title: "Rug spotters bounty",
      prize: "50 USDC each",
      description:
        "A thank-you to the community that reports rugs before they are pulled. Three members win **50 USDC** each, paid to the wallet they give when they claim.",
      winnersCount: 3,
      entryCost: 0,
      minAccountAgeDays: 0,
      entrants: DEMO_USERS.slice(0, 8),
      ended: true,
    },
  ];
  let created = 0;
  for (const plan of plans) {
    const [existing] = await deps.db
      .select({ id: giveaways.id })
      .from(giveaways)
      .where(eq(giveaways.slug, plan.slug));
    if (existing) continue;
    const g = await createGiveaway(deps, admin, {
      slug: plan.slug,
      title: plan.title,
      prize: plan.prize,
      description: plan.description,
      winnersCount: plan.winnersCount,
      startsAt: new Date(Date.now() - 2 * DAY).toISOString(),
      endsAt: new Date(Date.now() + 5 * DAY).toISOString(),
      entryCost: plan.entryCost,
      minAccountAgeDays: plan.minAccountAgeDays,
      claimDays: 7,
      minPoints: 0,
      requireVerifiedEmail: false,
      requireTwoFactor: false,
      community: "",
    });
    await publishGiveaway(deps, admin, g.slug);
    for (const person of plan.entrants) {
      await enterGiveaway(deps, as(person.username), g.slug).catch((err: Error) =>
        log(`  ${person.username} could not enter ${g.slug}: ${err.message}`),
      );
    }
    if (plan.ended) {
      await deps.db
        .update(giveaways)
        .set({ endsAt: new Date(Date.now() - DAY) })
        .where(eq(giveaways.id, g.id));
      await drawGiveaway(deps, g.id);
    }
    created += 1;
    log(`  ${plan.title}: ${plan.ended ? "ended and drawn" : "live"}`);
  }
  return { created, total: plans.length };
}
