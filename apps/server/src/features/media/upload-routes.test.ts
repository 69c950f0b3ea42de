import http from "node:http";
import { FILE_RULES, IMAGE_MAX_MEGAPIXELS, KOL_LIMITS, M, sizeInWords } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { createUser, type TTestUser } from "../../testing/factories.ts";
import { cutInHalf, padTo, sampleJpeg, samplePng, samplePngClaiming } from "../../testing/sample-files.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { commentForm } from "../comments/testing.ts";
import {
  communityForm,
  createCommunityAs,
  type TErrorResult,
  validCommunityFields,
} from "../communities/testing.ts";
import { reportForm, VALID_REPORT } from "../kols/testing.ts";
import { call, createPostAs, postForm } from "../posts/testing.ts";
import { MAX_REQUEST_BYTES, uploadBodyBytes } from "./multipart.ts";

/**
 * Every multipart route through HTTP: a file under a name the route does not take is refused with 400 naming it,
 * never dropped; an image too large to decode and a damaged one are told apart from an unsupported type; a body
 * past a route's limit is refused with the limit's own message. Nothing refused is written.
 */

let server: TTestServer;
let alice: TTestUser;
let communityId: string;
let postId: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createUser(server);
  communityId = (await createCommunityAs(server, alice.cookie)).id;
  postId = (await createPostAs(server, alice.cookie, { content: "comment here" })).id;
});
afterAll(() => server?.close());

const png = () => samplePng(40, 30);
const fileOf = (bytes: Uint8Array, name: string, type: string) => new File([bytes], name, { type });

/** How many rows a few tables hold, so a test can show that a refused request wrote nothing. */
async function rowCounts() {
  const [row] = await queryRows<Record<string, number>>(
    server.deps.db,
    sql`select (select count(*)::int from posts) as posts, (select count(*)::int from post_media) as media,
          (select count(*)::int from post_comments) as comments, (select count(*)::int from communities) as communities,
          (select count(*)::int from community_branding) as branding, (select count(*)::int from reports) as reports`,
  );
  return row;
}

/** The multipart routes, each with a well-formed body to which a test adds a file under some name. */
const ROUTES = [
  {
    name: "a post",
    method: "POST",
    path: () => "/api/posts",
    form: async () => postForm({ content: "hello" }),
    takes: ["media"],
  },
  {
    name: "a comment",
    method: "POST",
    path: () => `/api/posts/${postId}/comments`,
    form: async () => commentForm({ content: "a reply" }),
    takes: ["attachments"],
  },
  {
    name: "my avatar",
    method: "POST",
    path: () => "/api/me/avatar",
    form: async () => new FormData(),
    takes: ["avatar"],
  },
  {
    name: "my banner",
    method: "POST",
    path: () => "/api/me/banner",
    form: async () => new FormData(),
    takes: ["banner"],
  },
  {
    name: "a new community",
    method: "POST",
    path: () => "/api/communities",
    form: async () => communityForm(await validCommunityFields()),
    takes: ["avatar", "banner"],
  },
  {
    name: "a community's branding",
    method: "PUT",
    path: () => `/api/communities/${communityId}/branding/avatar`,
    form: async () => new FormData(),
    takes: ["file"],
  },
  {
    name: "a report",
    method: "POST",
    path: () => "/api/reports",
    form: async () => reportForm({ ...VALID_REPORT, kolHandle: "@upload_test" }),
    takes: ["evidence"],
  },
] as const;

describe("file fields", () => {
  it("refuses a post sent with media[] instead of media (400 naming the field) and writes no post", async () => {
    const before = await rowCounts();
    const form = postForm({ content: "where is my picture?" });
    form.append("media[]", fileOf(await png(), "pic.png", "image/png"));
    const res = await call<TErrorResult>(server, "POST", "/api/posts", { cookie: alice.cookie, form });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("Unknown file field 'media[]'. Files go in 'media'");
    expect(res.body.error.fields).toEqual({ "media[]": res.body.error.message });
    expect(await rowCounts()).toEqual(before);
    // Under its own name the same file makes a post with it.
    const ok = postForm({
      content: "here it is",
      media: [{ bytes: await png(), name: "pic.png", type: "image/png" }],
    });
    const made = await call<{ media: unknown[] }>(server, "POST", "/api/posts", {
      cookie: alice.cookie,
      form: ok,
    });
    expect(made.status).toBe(201);
    expect(made.body.media).toHaveLength(1);
  });

  it.each(ROUTES)(
    "refuses a file under a name $name does not take, naming it and the ones it does",
    async (route) => {
      const before = await rowCounts();
      const form = await route.form();
      form.append("upload", fileOf(await png(), "pic.png", "image/png"));
      const res = await call<TErrorResult>(server, route.method, route.path(), {
        cookie: alice.cookie,
        form,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(M.files.unknownField("upload", route.takes));
      expect(res.body.error.fields).toEqual({ upload: res.body.error.message });
      expect(await rowCounts()).toEqual(before);
    },
  );

  it("refuses a second file where one is taken (the avatar, a branding image)", async () => {
    for (const [method, path, field] of [
      ["POST", "/api/me/avatar", "avatar"],
      ["PUT", `/api/communities/${communityId}/branding/banner`, "file"],
    ] as const) {
      const form = new FormData();
      form.append(field, fileOf(await png(), "one.png", "image/png"));
      form.append(field, fileOf(await png(), "two.png", "image/png"));
      const res = await call<TErrorResult>(server, method, path, { cookie: alice.cookie, form });
      expect(res.status, path).toBe(400);
      expect(res.body.error.message).toBe(`Only one file can be sent as '${field}'`);
    }
  });

  it("still takes an empty file input under any name (what a browser sends for a file left unpicked)", async () => {
    const form = postForm({ content: "no file picked" });
    form.append("extra", new File([], ""));
    expect((await call(server, "POST", "/api/posts", { cookie: alice.cookie, form })).status).toBe(201);
  });
});

describe("images that cannot be taken", () => {
  const TOO_MANY_PIXELS = `Image is too large (max ${IMAGE_MAX_MEGAPIXELS} megapixels)`;
  const DAMAGED = "The image file is damaged";

  it("tells a decompression bomb (413) and a JPEG cut in half (400) from an unsupported type, on every image route", async () => {
    const bomb = await samplePngClaiming(30_000, 30_000);
    const half = cutInHalf(await sampleJpeg());
    const before = await rowCounts();
    for (const [bytes, name, type, status, message] of [
      [bomb, "bomb.png", "image/png", 413, TOO_MANY_PIXELS],
      [half, "half.jpg", "image/jpeg", 400, DAMAGED],
    ] as const) {
      for (const route of ROUTES) {
        const form = await route.form();
        // One file in each route's (first) field: a new community's avatar, for one.
        form.set(route.takes[0], fileOf(bytes, name, type));
        const res = await call<TErrorResult>(server, route.method, route.path(), {
          cookie: alice.cookie,
          form,
        });
        expect([res.status, res.body.error.message], `${name} as ${route.name}`).toEqual([status, message]);
      }
    }
    expect(await rowCounts()).toEqual(before);
  });
});

/** A request whose Content-Length says `bytes` and whose body never comes: the limit answers from the header. */
function declaring(
  pathname: string,
  method: string,
  bytes: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: pathname,
        method,
        // A connection of its own: the server closes it after refusing a body it will not read.
        agent: false,
        headers: {
          cookie: alice.cookie,
          origin: server.url,
          "content-type": "multipart/form-data; boundary=x",
          "content-length": bytes,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("body limits", () => {
  it("refuses a branding upload one byte past its limit with 413 naming the image limit, 5MB", async () => {
    const limit = uploadBodyBytes("image", 1);
    const boundary = "limit-test-boundary";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const fileBytes = limit + 1 - Buffer.byteLength(head) - Buffer.byteLength(tail);
    const body = Buffer.concat([Buffer.from(head), padTo(await png(), fileBytes), Buffer.from(tail)]);
    expect(body.length).toBe(limit + 1);
    const res = await server.fetch(`/api/communities/${communityId}/branding/banner`, {
      method: "PUT",
      headers: { cookie: alice.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.status).toBe(413);
    const { error } = (await res.json()) as TErrorResult;
    expect(error.message).toBe("File too large. Maximum size for images is 5MB");
    expect(error.message).toBe(M.files.tooLarge("image", FILE_RULES.image.megabytes));
    // A file one byte past 5 MB, in a body within the limit, gets the same words from the file check.
    const form = new FormData();
    form.set("file", fileOf(padTo(await png(), FILE_RULES.image.maxBytes + 1), "big.png", "image/png"));
    const file = await call<TErrorResult>(server, "PUT", `/api/communities/${communityId}/branding/banner`, {
      cookie: alice.cookie,
      form,
    });
    expect([file.status, file.body.error.message]).toEqual([413, error.message]);
  });

  it("names each upload route's own limit, and the app-wide one where that is the nearer", async () => {
    const image = M.files.tooLarge("image", FILE_RULES.image.megabytes);
    // Posts and comments may carry videos; past the app-wide upload limit (one video and its form), that one speaks.
    const anyUpload = M.files.requestTooLarge(sizeInWords(MAX_REQUEST_BYTES));
    expect(anyUpload).toBe("Request too large. The largest request allowed here is 51MB");
    for (const [method, path, bytes, message] of [
      ["POST", "/api/me/avatar", uploadBodyBytes("image", 1), image],
      ["POST", "/api/communities", uploadBodyBytes("image", 2), image],
      ["POST", "/api/reports", uploadBodyBytes("image", KOL_LIMITS.screenshots), image],
      ["POST", "/api/posts", MAX_REQUEST_BYTES, anyUpload],
      ["POST", `/api/posts/${postId}/comments`, MAX_REQUEST_BYTES, anyUpload],
    ] as const) {
      const res = await declaring(path, method, bytes + 1);
      expect([res.status, JSON.parse(res.body).error.message], path).toEqual([413, message]);
    }
  });
});
