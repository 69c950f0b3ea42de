/*
 * Signatures sent but not yet verified, kept in this browser: a tab closed (or a page reloaded) between the
 * wallet's send and the server's verification would otherwise leave closed accounts unpaid. The page asks the
 * server about them again when it opens. Each is kept for a day at most; the server decides what they pay.
 */

const KEY = "sweep:pending-claims";
const KEEP_MS = 24 * 60 * 60 * 1000;

type TPending = { signature: string; userId: string; sentAt: number };

function read(): TPending[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (p): p is TPending =>
        typeof p?.signature === "string" && typeof p?.userId === "string" && typeof p?.sentAt === "number",
    );
  } catch {
    return [];
  }
}

function write(items: TPending[]) {
  try {
    localStorage.setItem(KEY, JSON.stringify(items));
  } catch {
    // Storage full or blocked: the claim is still made now; only the later retry is lost.
  }
}

export function rememberPendingClaim(userId: string, signature: string) {
  const items = read().filter((p) => p.signature !== signature);
  write([...items, { signature, userId, sentAt: Date.now() }]);
}

export function forgetPendingClaim(signature: string) {
  write(read().filter((p) => p.signature !== signature));
}

/** The member's signatures still waiting for verification, oldest first (older than a day are dropped). */
export function pendingClaimsOf(userId: string): string[] {
  const fresh = read().filter((p) => Date.now() - p.sentAt < KEEP_MS);
  write(fresh);
  return fresh.filter((p) => p.userId === userId).map((p) => p.signature);
}
