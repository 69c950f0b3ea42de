import type { TKolCard, TReport } from "@plugs/domain";
import type { TTestServer } from "../../testing/test-server.ts";
import { call } from "../posts/testing.ts";

/** Small helpers shared by the KOL and report tests. */

let counter = 0;

/** A fresh valid handle (15 characters at most). */
export function randomHandle(prefix = "kol"): string {
  counter += 1;
  return `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`.slice(0, 15);
}

/** Adds a KOL through the admin route (the cookie must be an admin's). */
export async function addKol(
  server: TTestServer,
  adminCookie: string,
  fields: { handle?: string; name?: string; bio?: string } = {},
): Promise<TKolCard> {
  const res = await call<TKolCard>(server, "POST", "/api/admin/kols", {
    cookie: adminCookie,
    json: { handle: fields.handle ?? randomHandle(), name: fields.name ?? "", bio: fields.bio ?? "" },
  });
  if (res.status !== 201) throw new Error(`adding a KOL failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The multipart body of POST /api/reports. */
export function reportForm(fields: {
  kolHandle?: string;
  category?: string;
  description?: string;
  evidenceUrls?: string[];
  contractAddress?: string;
  txHash?: string;
  evidence?: { bytes: Uint8Array; name: string; type: string }[];
}): FormData {
  const form = new FormData();
  for (const key of ["kolHandle", "category", "description", "contractAddress", "txHash"] as const) {
    const value = fields[key];
    if (value !== undefined) form.set(key, value);
  }
  for (const url of fields.evidenceUrls ?? []) form.append("evidenceUrls", url);
  for (const file of fields.evidence ?? []) {
    form.append("evidence", new File([file.bytes], file.name, { type: file.type }));
  }
  return form;
}

export const VALID_REPORT = {
  category: "rug_pull",
  description: "Shilled a token to 200k followers, then sold everything within the hour.",
};

/** Files a report and returns it (throws unless 201). */
export async function fileReport(
  server: TTestServer,
  cookie: string,
  fields: Parameters<typeof reportForm>[0],
): Promise<TReport> {
  const res = await call<TReport>(server, "POST", "/api/reports", {
    cookie,
    form: reportForm({ ...VALID_REPORT, ...fields }),
  });
  if (res.status !== 201)
    throw new Error(`filing a report failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
