/**
 * The page widths, one set for the whole app: `reading` for one column of text or a form (articles, a post, a
 * profile, lessons, settings), `wide` for a page with a side column (PlugFeed, a KOL, a community, the dashboard and
 * admin), `full` for directories of cards (home, KOLs, blog, learn, rewards; the header's width), `narrow` for a lone
 * form card (sign in, a new password) and `message` for a centred notice (not found, sign in first). Each carries
 * the page's side and top padding.
 */
export const PAGE_WIDTH = {
  reading: "mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12",
  wide: "mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12",
  full: "mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12",
  narrow: "mx-auto w-full max-w-md px-4 py-10 sm:py-16",
  message: "mx-auto flex w-full max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28",
} as const;
