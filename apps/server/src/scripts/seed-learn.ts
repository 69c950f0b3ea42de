import { eq } from "drizzle-orm";
import type { TDeps } from "../context.ts";
import { learnCourses } from "../db/schema/index.ts";
import { createCourse, createLesson, createQuestion } from "../features/learn/admin-courses.ts";
import { DEMO_ADMIN, demoViewers } from "./seed-users.ts";

type TSeedQuestion = { prompt: string; options: string[]; correct: number[]; explanation: string };
type TSeedCourse = {
  slug: string;
  title: string;
  description: string;
  level: "beginner" | "intermediate" | "advanced";
  minutes: number;
  examQuestionCount: number;
  lessons: { title: string; minutes: number; body: string; quiz: TSeedQuestion[] }[];
  bank: TSeedQuestion[];
};

const q = (prompt: string, options: string[], correct: number[], explanation: string): TSeedQuestion => ({
  prompt,
  options,
  correct,
  explanation,
});

/** Two courses written as an admin would: lessons in Markdown, a quiz on most lessons, a bank for the exam. */
const SEED_COURSES: TSeedCourse[] = [
  {
    slug: "wallet-safety-basics",
    title: "Wallet safety basics",
    description:
      "Seed phrases, hardware wallets and the signatures that drain accounts: what to guard, and the tricks used to get it.",
    level: "beginner",
    minutes: 25,
    examQuestionCount: 5,
    lessons: [
      {
        title: "Your seed phrase is the wallet",
        minutes: 6,
        body: `Your **seed phrase** (12 or 24 words) is not a password to your wallet: it *is* the wallet. Anyone who reads it can rebuild every account it holds on their own device, and nothing can undo the transfers they make.

## Keep it offline

- Write it on paper or stamp it in metal, and keep two copies in separate places.
- Never type it into a website, a chat, a form or a "wallet validator".
- Never photograph it or keep it in a notes app or cloud drive.

> **Rule of thumb:** no real support person, exchange or airdrop will ever ask for your seed phrase. Anyone who does is stealing it.

## What a wallet app really asks for

A wallet app asks for your seed phrase only when you **restore** a wallet on a new device, and only inside the app you installed yourself.`,
        quiz: [
          q(
            "A support agent in a Discord DM asks for your seed phrase to fix a stuck transaction. What do you do?",
            ["Send it, they have a moderator badge", "Send only the first 12 words", "Refuse and block them"],
            [2],
            "No real support ever needs your seed phrase. Half of it is enough to brute-force the rest.",
          ),
          q(
            "Which are safe places to keep a seed phrase?",
            [
              "Paper in a safe",
              "A photo on your phone",
              "Stamped metal plate at a relative's home",
              "A cloud notes app",
            ],
            [0, 2],
            "Offline copies in separate places are safe; anything synced to a phone or cloud can be read by malware or a breach.",
          ),
        ],
      },
      {
        title: "Hardware wallets and blind signing",
        minutes: 8,
        body: `A **hardware wallet** keeps your keys on a device that never shows them to your computer. It signs what you approve on its own screen.

## Read the device, not the website

A compromised website can show you "Claim 100 USDC" while asking your device to sign something else. The device's screen is the only one you can trust:

1. Check the receiving address on the device.
2. Check the amount and the token.
3. If the device says *blind signing* or shows data you cannot read, stop.

\`\`\`
Approve: setApprovalForAll(operator, true)
\`\`\`

A line like the one above gives an address control of **every** NFT in a collection.`,
        quiz: [
          q(
            "Where should you check the address you are sending to?",
            ["On the website", "On the hardware wallet's screen", "In the browser's address bar"],
            [1],
            "Malware and fake sites can change what the page shows; the device's screen comes from the device.",
          ),
        ],
      },
      {
        title: "Approvals you forgot about",
        minutes: 6,
        body: `Every time you use a swap or marketplace, you may give it an **allowance**: permission to move a token from your wallet. Many are *unlimited*, and they stay until you revoke them.

## Clean them up

- Review your approvals with a revoke tool from your wallet's own menu or a well-known explorer.
- Revoke anything you no longer use, especially unlimited ones.
- Use a separate "hot" wallet with small amounts for new apps.`,
        quiz: [
          q(
            "An unlimited token approval you gave a year ago...",
            [
              "Expired after 30 days",
              "Still lets that contract move the token",
              "Only works while the site is open",
            ],
            [1],
            "Approvals have no expiry: they last until you revoke them.",
          ),
        ],
      },
    ],
    bank: [
      q(
        "Who may ask for your seed phrase?",
        ["Exchange support", "Nobody", "The wallet's developers"],
        [1],
        "Nobody, ever.",
      ),
      q(
        "What does a hardware wallet protect you from?",
        ["Malware reading your keys", "Signing a bad transaction you approve", "Losing the seed phrase"],
        [0],
        "It keeps keys away from your computer, but it signs whatever you approve.",
      ),
      q(
        "What does setApprovalForAll(operator, true) do?",
        [
          "Lists one NFT for sale",
          "Lets the operator move every NFT of that collection",
          "Nothing without a second signature",
        ],
        [1],
        "It gives the operator control of all your NFTs in that collection.",
      ),
      q(
        "Good habits for trying a new dApp?",
        [
          "Use a hot wallet with a small balance",
          "Use your main savings wallet",
          "Revoke the approval afterwards",
        ],
        [0, 2],
        "Limit what a bad contract could reach, and clean up after.",
      ),
      q(
        "Your seed phrase photo was in a cloud backup that leaked. What now?",
        ["Change the cloud password", "Move funds to a new wallet with a new seed at once", "Wait and watch"],
        [1],
        "The seed phrase is the wallet: only a new seed makes the funds safe again.",
      ),
      q(
        "The device shows 'blind signing' for a claim. You should...",
        ["Approve, it's normal", "Stop and find out what the data is", "Approve twice to be sure"],
        [1],
        "If you cannot read what you sign, you cannot know it is not a drainer.",
      ),
    ],
  },
  {
    slug: "spotting-a-rug-pull",
    title: "Spotting a rug pull",
    description:
      "Liquidity, ownership, token supply and the promotion around a launch: the checks that catch most rugs before you buy.",
    level: "intermediate",
    minutes: 20,
    examQuestionCount: 4,
    lessons: [
      {
        title: "Who can pull the liquidity?",
        minutes: 7,
        body: `A **rug pull** is the team taking the money that buyers put in. The classic way: they remove the token's **liquidity pool**, so nobody can sell.

## Check before you buy

| Check | Good sign | Red flag |
|:--|:--|:--|
| LP tokens | Burned or locked for months | Held by the deployer |
| Contract owner | Renounced or a timelocked multisig | One wallet |
| Mint function | None | Owner can mint |

> **Tip:** a "lock" that ends next week is not a lock. Read the unlock date.`,
        quiz: [
          q(
            "The deployer wallet holds all the LP tokens. This means...",
            ["The pool is safe", "The deployer can remove the liquidity at any time", "The token is audited"],
            [1],
            "Whoever holds the LP tokens can withdraw the pool.",
          ),
        ],
      },
      {
        title: "Paid hype and fake volume",
        minutes: 6,
        body: `Rugs need buyers, and buyers come from **promotion**. Watch for:

- KOLs posting the same contract within minutes of each other, with no *#ad*.
- "Stealth launches" that were announced in paid groups.
- Volume that comes from a handful of wallets trading with each other.

Check a KOL's history on [Plugs & Rugs](/kols) before trusting a call.`,
        quiz: [
          q(
            "Ten accounts post the same new token within five minutes, none marked as an ad. Likely?",
            ["Organic excitement", "A paid, coordinated promotion", "A coincidence"],
            [1],
            "Coordinated timing without disclosure is the pattern of a paid push.",
          ),
        ],
      },
    ],
    bank: [
      q(
        "LP tokens locked until next week are...",
        ["Safe", "Barely a lock", "Burned"],
        [1],
        "A short lock only delays a pull.",
      ),
      q(
        "Which are red flags?",
        ["Owner can mint", "Renounced ownership", "Deployer holds LP tokens", "LP burned"],
        [0, 2],
        "Minting and LP control let the team take value.",
      ),
      q(
        "Who can remove a pool's liquidity?",
        ["Any buyer", "Whoever holds the LP tokens", "The DEX"],
        [1],
        "LP tokens are the claim on the pool.",
      ),
      q(
        "Undisclosed paid promotion is...",
        ["Fine if the token pumps", "A red flag and reportable", "Required by law"],
        [1],
        "It hides the promoter's interest from buyers.",
      ),
      q(
        "Volume from a few wallets trading with each other suggests...",
        ["Wash trading", "Healthy demand", "An airdrop"],
        [0],
        "Wash trading fakes interest to draw real buyers.",
      ),
    ],
  },
];

/** Adds the demo courses, published, unless a course with the slug is there already. Returns how many were made. */
export async function seedLearn(
  deps: TDeps,
  log: (line: string) => void,
): Promise<{ created: number; total: number }> {
  const viewerOf = await demoViewers(deps);
  const admin = viewerOf(DEMO_ADMIN.username);
  let created = 0;
  for (const course of SEED_COURSES) {
    const [existing] = await deps.db
      .select({ id: learnCourses.id })
      .from(learnCourses)
      .where(eq(learnCourses.slug, course.slug));
    if (existing) continue;
    const { lessons, bank, ...fields } = course;
    let made = await createCourse(deps, admin, {
      ...fields,
      published: true,
      examTimeLimitMinutes: 15,
      examPassPercent: 80,
      examCooldownHours: 24,
    });
    for (const { quiz, ...lesson } of lessons) {
      made = await createLesson(deps, admin, made.id, { ...lesson, videoUrl: null, quizPassPercent: 70 });
      const lessonId = made.lessons.at(-1)?.id;
      for (const question of quiz) {
        await createQuestion(deps, admin, made.id, {
          ...question,
          lessonId,
          multiple: question.correct.length > 1,
        });
      }
    }
    for (const question of bank) {
      await createQuestion(deps, admin, made.id, {
        ...question,
        lessonId: null,
        multiple: question.correct.length > 1,
      });
    }
    log(`  ${course.title}: ${lessons.length} lessons, ${bank.length} exam questions`);
    created += 1;
  }
  return { created, total: SEED_COURSES.length };
}
