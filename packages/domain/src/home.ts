import { z } from "zod";
import { ZKolCard } from "./kols.ts";
import { ZPost } from "./posts.ts";

/** How much of each list the home page shows. */
export const HOME_LIMITS = { kols: 3, posts: 3, leaders: 5 } as const;

/** GET /api/home: everything the home page shows, in one round trip (a phone on a slow network waits once). */
export const ZHomePage = z.object({
  topKols: z.array(ZKolCard),
  latestPlugs: z.array(ZKolCard),
  latestRugs: z.array(ZKolCard),
  recentPosts: z.array(ZPost),
  leaders: z.array(
    z.object({
      rank: z.number(),
      username: z.string(),
      displayName: z.string().nullable(),
      avatarUrl: z.string().nullable(),
      points: z.number(),
    }),
  ),
});
export type THomePage = z.infer<typeof ZHomePage>;
