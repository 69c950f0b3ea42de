import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { serializeSigned } from "hono/utils/cookie";
import sharp from "sharp";
import { queryRows } from "../../db/query-rows.ts";
import { profiles, sessions, users } from "../../db/schema/index.ts";
import type { TTestServer } from "../../testing/test-server.ts";
import { getAuth } from "../auth/auth.ts";

/** Small seeding and request helpers shared by the posts tests (the communities and follows routes come later). */

export type TResult<T = Record<string, unknown>> = { status: number; body: T };

/** A JSON (or multipart) request as a signed-in user (cookie) or a visitor (no cookie). */
export async function call<T = Record<string, unknown>>(
  server: TTestServer,
  method: string,
  path: string,
  options: { cookie?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<TResult<T>> {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("cookie", options.cookie);
  let body: RequestInit["body"];
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const res = await server.fetch(path, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** The multipart body of POST /api/posts. */
export function postForm(fields: {
  content?: string;
  communityId?: string;
  media?: { bytes: Uint8Array; name: string; type: string }[];
  gifs?: unknown;
  /** The alt texts (a list, sent as JSON), or the field's raw text. */
  mediaAlt?: unknown;
}): FormData {
  const form = new FormData();
  if (fields.content !== undefined) form.set("content", fields.content);
  if (fields.communityId !== undefined) form.set("communityId", fields.communityId);
  for (const file of fields.media ?? []) {
    form.append("media", new File([file.bytes], file.name, { type: file.type }));
  }
  if (fields.gifs !== undefined) {
    form.set("gifs", typeof fields.gifs === "string" ? fields.gifs : JSON.stringify(fields.gifs));
  }
  if (fields.mediaAlt !== undefined) {
    form.set(
      "mediaAlt",
      typeof fields.mediaAlt === "string" ? fields.mediaAlt : JSON.stringify(fields.mediaAlt),
    );
  }
  return form;
}

export async function createPostAs(
  server: TTestServer,
  cookie: string,
  fields: Parameters<typeof postForm>[0],
): Promise<{ id: string; [key: string]: unknown }> {
  const res = await call<{ id: string }>(server, "POST", "/api/posts", { cookie, form: postForm(fields) });
  if (res.status !== 201)
    throw new Error(`creating a post failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function seedCommunity(
  server: TTestServer,
  name = `Community ${Math.random().toString(36).slice(2, 8)}`,
) {
  const slug = name.toLowerCase().replace(/\s+/g, "-");
  const [row] = await queryRows<{ id: string }>(
    server.deps.db,
    sql`insert into communities (name, slug) values (${name}, ${slug}) returning id`,
  );
  if (!row) throw new Error("no community");
  return { id: row.id, name, slug };
}

export async function seedMember(
  server: TTestServer,
  communityId: string,
  userId: string,
  status: "active" | "banned" = "active",
) {
  await server.deps.db.execute(sql`insert into community_members (community_id, user_id, status)
    values (${communityId}, ${userId}, ${status})
    on conflict (community_id, user_id) do update set status = excluded.status`);
}

export async function seedFollow(server: TTestServer, followerId: string, followedId: string) {
  await server.deps.db.execute(
    sql`insert into follows (follower_id, followed_id) values (${followerId}, ${followedId}) on conflict do nothing`,
  );
}

/** A real PNG of the given size, with a comment chunk standing in for metadata. */
export async function pngBytes(width = 8, height = 6): Promise<Uint8Array> {
  const buffer = await sharp({
    create: { width, height, channels: 3, background: { r: 30, g: 200, b: 90 } },
  })
    .png()
    .toBuffer();
  return new Uint8Array(buffer);
}

/**
 * Many signed-in users at once, written straight to the database (account, profile, session) with a session
 * cookie signed like the auth layer's own. Signing up hundreds of users through the API would spend minutes
 * hashing passwords; everything these users then do goes through HTTP.
 */
export async function seedSignedInUsers(
  server: TTestServer,
  count: number,
): Promise<{ id: string; username: string; cookie: string }[]> {
  // The cookie's name and secret as better-auth signs it.
  const { authCookies, secret } = await getAuth(server.deps).$context;
  const tag = randomBytes(4).toString("hex");
  const people = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    username: `bulk_${tag}_${i}`,
    token: randomBytes(24).toString("base64url"),
  }));
  const expiresAt = new Date(Date.now() + 24 * 3600 * 1000);
  await server.deps.db.transaction(async (tx) => {
    await tx.insert(users).values(
      people.map((p) => ({
        id: p.id,
        name: p.username,
        email: `${p.username}@example.test`,
        username: p.username,
      })),
    );
    await tx.insert(profiles).values(people.map((p) => ({ id: p.id, username: p.username })));
    await tx.insert(sessions).values(people.map((p) => ({ userId: p.id, token: p.token, expiresAt })));
  });
  return Promise.all(
    people.map(async (p) => ({
      id: p.id,
      username: p.username,
      cookie: (await serializeSigned(authCookies.sessionToken.name, p.token, secret)).split(";")[0] ?? "",
    })),
  );
}
