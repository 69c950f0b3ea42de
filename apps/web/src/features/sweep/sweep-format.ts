import type { TSweepAccount } from "@plugs/domain";

/** A Solana address or signature shortened for a row, e.g. "7xKX…AsU9" (the full text goes in a title). */
export function shortKey(key: string): string {
  return key.length > 12 ? `${key.slice(0, 4)}…${key.slice(-4)}` : key;
}

/** What a token account holds is called: its symbol and name where known, else "Unknown token". */
export function tokenLabel(account: Pick<TSweepAccount, "name" | "symbol">): string {
  if (account.symbol && account.name) return `${account.name} (${account.symbol})`;
  return account.name ?? account.symbol ?? "Unknown token";
}

/** A raw token amount (an integer as text) in whole tokens, e.g. "1500000" with 6 decimals -> "1.5". */
export function formatTokenAmount(raw: string, decimals: number): string {
  if (!/^\d+$/.test(raw)) return raw;
  const digits = raw.replace(/^0+(?=\d)/, "").padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? digits.slice(-decimals).replace(/0+$/, "") : "";
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** "1 account" / "3 accounts". */
export function accountsText(count: number): string {
  return `${count.toLocaleString()} account${count === 1 ? "" : "s"}`;
}
