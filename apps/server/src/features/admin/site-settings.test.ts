import { ADMIN_M, type TAdminAuditPage, type TSiteSettings } from "@plugs/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, pngBytes } from "../posts/testing.ts";

let server: TTestServer;
let admin: TTestUser;
let member: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
  member = await createUser(server);
});
afterAll(() => server?.close());

type TErr = { error: { code: string; message: string; fields?: Record<string, string> } };

const patch = (json: unknown, cookie = admin.cookie) =>
  call<TSiteSettings & TErr>(server, "PATCH", "/api/admin/site", { cookie, json });
const upload = (file: File, cookie = admin.cookie) => {
  const form = new FormData();
  form.set("logo", file);
  return call<TSiteSettings & TErr>(server, "POST", "/api/admin/site/logo", { cookie, form });
};
const site = async () => (await call<TSiteSettings>(server, "GET", "/api/site")).body;
const lastSiteAudit = async () =>
  (
    await call<TAdminAuditPage>(server, "GET", "/api/admin/audit?action=site.update", {
      cookie: admin.cookie,
    })
  ).body.items[0];

describe("PATCH /api/admin/site", () => {
  it("is for admins only", async () => {
    expect((await call(server, "PATCH", "/api/admin/site", { json: { siteName: "X" } })).status).toBe(401);
    expect((await patch({ siteName: "X" }, member.cookie)).status).toBe(403);
    expect(
      (await upload(new File([await pngBytes()], "l.png", { type: "image/png" }), member.cookie)).status,
    ).toBe(403);
    expect((await site()).siteName).toBe("Plugs & Rugs");
  });

  it("refuses a bad name with the field's message", async () => {
    const empty = await patch({ siteName: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields?.siteName).toBe(ADMIN_M.siteNameRequired);
    expect((await patch({ siteName: "x".repeat(51) })).body.error.fields?.siteName).toBe(
      ADMIN_M.siteNameTooLong,
    );
    const nothing = await patch({});
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.message).toBe(ADMIN_M.siteNothingToChange);
  });

  it("renames the site for everyone at once (no cache keeps the old name), recorded with before and after", async () => {
    const res = await patch({ siteName: "  Rug Radar  " });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ siteName: "Rug Radar", logoUrl: null });
    const read = await server.fetch("/api/site");
    expect(read.headers.get("cache-control")).toBe("no-cache");
    expect(((await read.json()) as TSiteSettings).siteName).toBe("Rug Radar");
    expect(await lastSiteAudit()).toMatchObject({
      actor: { id: admin.id },
      summary: 'Renamed the site "Rug Radar"',
      detail: { siteName: { before: "Plugs & Rugs", after: "Rug Radar" } },
    });
  });
});

describe("the logo", () => {
  it("is checked by its bytes, stored, shown to everyone, and can be removed", async () => {
    const missing = await call<TErr>(server, "POST", "/api/admin/site/logo", {
      cookie: admin.cookie,
      form: new FormData(),
    });
    expect(missing.status).toBe(400);
    const fake = await upload(
      new File([new TextEncoder().encode("not an image at all")], "logo.png", { type: "image/png" }),
    );
    expect([400, 415]).toContain(fake.status);
    expect((await site()).logoUrl).toBeNull();

    const res = await upload(new File([await pngBytes(64, 64)], "logo.png", { type: "image/png" }));
    expect(res.status).toBe(200);
    expect(res.body.logoUrl).toMatch(/^\/media\/site\/logo.*\.png$/);
    expect((await site()).logoUrl).toBe(res.body.logoUrl);
    const image = await server.fetch(res.body.logoUrl ?? "");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(await lastSiteAudit()).toMatchObject({
      summary: "Changed the logo",
      detail: { logoUrl: { before: null, after: res.body.logoUrl } },
    });

    const removed = await patch({ logoUrl: null });
    expect(removed.body).toEqual({ siteName: "Rug Radar", logoUrl: null });
    expect((await lastSiteAudit())?.summary).toBe("Removed the logo");
  });
});
