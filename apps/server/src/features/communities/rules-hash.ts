import { createHash } from "node:crypto";

/** What a member accepted: the SHA-256 of the rules text as it read at that moment ('' for no rules). */
export function rulesHash(rules: string | null): string {
  return createHash("sha256")
    .update(rules ?? "", "utf8")
    .digest("hex");
}
