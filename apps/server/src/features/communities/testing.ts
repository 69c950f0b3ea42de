import type { TCommunityDetail, TCreateCommunityResponse } from "@plugs/domain";
import { samplePng } from "../../testing/sample-files.ts";
import type { TTestServer } from "../../testing/test-server.ts";
import { call } from "../posts/testing.ts";

/** Request helpers shared by the communities tests. */

export type TUpload = { bytes: Uint8Array; name: string; type: string };

/** The multipart body of POST /api/communities; fields left undefined are not sent. */
export function communityForm(fields: {
  name?: string;
  description?: string;
  rules?: string;
  avatar?: TUpload | null;
  banner?: TUpload | null;
}): FormData {
  const form = new FormData();
  for (const key of ["name", "description", "rules"] as const) {
    const value = fields[key];
    if (value !== undefined) form.set(key, value);
  }
  for (const key of ["avatar", "banner"] as const) {
    const file = fields[key];
    if (file) form.set(key, new File([file.bytes], file.name, { type: file.type }));
  }
  return form;
}

/** A valid create form with real PNG images (a 3:1 banner); override any field. */
export async function validCommunityFields(overrides: Parameters<typeof communityForm>[0] = {}) {
  return {
    name: `Club ${Math.random().toString(36).slice(2, 8)}`,
    description: "A place to talk about tokens and the people behind them.",
    rules: "Be kind. No spam. No shilling without disclosure.",
    avatar: { bytes: await samplePng(64, 64), name: "avatar.png", type: "image/png" },
    banner: { bytes: await samplePng(300, 100), name: "banner.png", type: "image/png" },
    ...overrides,
  };
}

/** Creates a community through the API as the user with this cookie; throws unless it answers 201. */
export async function createCommunityAs(
  server: TTestServer,
  cookie: string,
  overrides: Parameters<typeof communityForm>[0] = {},
): Promise<TCommunityDetail> {
  const res = await call<TCreateCommunityResponse>(server, "POST", "/api/communities", {
    cookie,
    form: communityForm(await validCommunityFields(overrides)),
  });
  if (res.status !== 201)
    throw new Error(`creating a community failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.community;
}

/** Joins through the API, accepting the rules; throws unless it answers 200. */
export async function joinAs(server: TTestServer, cookie: string, communityId: string): Promise<void> {
  const res = await call(server, "POST", `/api/communities/${communityId}/join`, {
    cookie,
    json: { acceptRules: true },
  });
  if (res.status !== 200) throw new Error(`joining failed: ${res.status} ${JSON.stringify(res.body)}`);
}

export type TErrorResult = { error: { code: string; message: string; fields?: Record<string, string> } };
