// Kept apart from the zod schemas: every avatar draws initials, and the first load should not pull zod in with them.

/** The initials shown when a community has no avatar: the first letters of its first two words. */
export function communityInitials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join("");
}
