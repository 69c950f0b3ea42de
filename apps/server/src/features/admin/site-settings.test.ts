import { ADMIN_M, type TAdminAuditPage, type TSiteSettings } from "@plugs/domain";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog } from "../../db/schema/index.ts";
import { openEventStream } from "../../testing/event-stream.ts";
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
    expect(res.body).toMatchObject({ siteName: "Rug Radar", logoUrl: null, defaultTheme: "dark" });
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
    expect(removed.body).toMatchObject({ siteName: "Rug Radar", logoUrl: null });
    expect((await lastSiteAudit())?.summary).toBe("Removed the logo");
  });
});

describe("the default theme, footer links and announcement", () => {
  const auditRows = async () => {
    const [row] = await server.deps.db
      .select({ n: count() })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "site.update"));
    return row?.n ?? 0;
  };

  it("are for admins only", async () => {
    expect((await call(server, "PATCH", "/api/admin/site", { json: { announcement: "Hi" } })).status).toBe(
      401,
    );
    const refused = await patch({ announcement: "Hi", defaultTheme: "light" }, member.cookie);
    expect(refused.status).toBe(403);
    expect((await site()).announcement).toBeNull();
  });

  it("refuse bad values with each field's message, and change nothing nor write to the log", async () => {
    const rows = await auditRows();
    const before = await site();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ defaultTheme: "sepia" }, "defaultTheme", ADMIN_M.defaultThemeInvalid],
      [{ socialUrl: "javascript:alert(1)" }, "socialUrl", ADMIN_M.linkInvalid],
      [{ socialUrl: "http://x.com/us" }, "socialUrl", ADMIN_M.linkInvalid],
      [{ partnerUrl: "kolscan" }, "partnerUrl", ADMIN_M.linkInvalid],
      [{ partnerUrl: `https://a.io/${"x".repeat(500)}` }, "partnerUrl", ADMIN_M.linkTooLong],
      [{ partnerName: "  " }, "partnerName", ADMIN_M.partnerNameRequired],
      [{ partnerName: "x".repeat(51) }, "partnerName", ADMIN_M.partnerNameTooLong],
      [{ announcement: "x".repeat(281) }, "announcement", ADMIN_M.announcementTooLong],
      [{ announcement: 5 }, "announcement", ADMIN_M.announcementTooLong],
    ];
    for (const [json, field, message] of cases) {
      const res = await patch(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error.fields?.[field], JSON.stringify(json)).toBe(message);
    }
    expect(await site()).toEqual(before);
    expect(await auditRows()).toBe(rows);
  });

  it("change for everyone at once, each recorded with before and after, and tell every open stream", async () => {
    const stream = await openEventStream(server, member.cookie);
    try {
      await stream.next("ready");
      const res = await patch({
        defaultTheme: "system",
        socialUrl: "https://x.com/rugradar",
        partnerName: "KOL Scan",
        partnerUrl: "https://kolscan.io/leaderboard",
        announcement: "  Maintenance on Sunday 02:00 UTC  ",
      });
      expect(res.status).toBe(200);
      const expected = {
        defaultTheme: "system",
        socialUrl: "https://x.com/rugradar",
        partnerName: "KOL Scan",
        partnerUrl: "https://kolscan.io/leaderboard",
        announcement: "Maintenance on Sunday 02:00 UTC",
      };
      expect(res.body).toMatchObject(expected);
      expect(await site()).toMatchObject(expected);
      // A member's open tab hears of it (a visitor's reads it at its next load: GET /api/site is never cached).
      expect((await stream.next("site")).data).toBe("{}");
      expect(await lastSiteAudit()).toMatchObject({
        actor: { id: admin.id },
        summary:
          'Default theme system; Social profile link https://x.com/rugradar; Partner named "KOL Scan"; ' +
          'Partner link https://kolscan.io/leaderboard; Announcement "Maintenance on Sunday 02:00 UTC"',
        detail: {
          defaultTheme: { before: "dark", after: "system" },
          socialUrl: { before: "https://x.com/plugsandrugs", after: "https://x.com/rugradar" },
          partnerName: { before: "Kolscan", after: "KOL Scan" },
          partnerUrl: { before: "https://kolscan.io", after: "https://kolscan.io/leaderboard" },
          announcement: { before: null, after: "Maintenance on Sunday 02:00 UTC" },
        },
      });
    } finally {
      stream.close();
    }
  });

  it("an empty announcement or link is stored as none", async () => {
    const res = await patch({ announcement: "   ", socialUrl: "" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ announcement: null, socialUrl: null });
    expect(await lastSiteAudit()).toMatchObject({
      summary: "Removed the social profile link; Removed the announcement",
      detail: { announcement: { before: "Maintenance on Sunday 02:00 UTC", after: null } },
    });
  });
});
