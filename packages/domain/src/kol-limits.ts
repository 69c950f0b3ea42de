// The KOL directory's limits and list names, without zod, so a page that only lists KOLs does not load the schemas.

/** Limits of the KOL directory, votes and reports (the spec gives the handle rule; the rest are ours). */
export const KOL_LIMITS = {
  handleMax: 15,
  nameMax: 50,
  bioMax: 500,
  descriptionMin: 20,
  descriptionMax: 2000,
  evidenceLinks: 5,
  screenshots: 4,
  reasonMax: 500,
  urlMax: 500,
  searchMax: 50,
  pageSize: 12,
  maxPageSize: 50,
  /** A search counts its matches up to this many; past it the directory says "1,000+ KOLs". */
  searchCountCap: 1000,
  /** Plug of Fame and Rug of Shame list only KOLs with at least this many votes. */
  hallMinVotes: 5,
  /** The KOL page shows this many recent posts that mention the KOL. */
  mentionPosts: 5,
} as const;

export const KOL_SORTS = ["score", "name", "newest"] as const;
export const KOL_LISTS = ["all", "plugs", "rugs", "top", "fame", "shame"] as const;
export type TKolSort = (typeof KOL_SORTS)[number];
export type TKolList = (typeof KOL_LISTS)[number];
