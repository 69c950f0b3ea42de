import { LEARN_LIMITS, M_LEARN, type TCertificate, type TCertificateList } from "@plugs/domain";
import { desc, eq, sql } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import { learnCertificates, learnCourses, profiles } from "../../db/schema/index.ts";
import { textRowCount } from "../../db/sql-int.ts";
import { AppError } from "../../errors.ts";

/** GET /api/learn/certificates/:code: anyone may verify a certificate by its code (learner, course, date, score). */
export async function viewCertificate(deps: TDeps, code: string): Promise<TCertificate> {
  const [row] = await deps.db
    .select({
      code: learnCertificates.code,
      username: profiles.username,
      banned: profiles.isBanned,
      courseTitle: learnCourses.title,
      courseSlug: learnCourses.slug,
      level: learnCourses.level,
      percent: learnCertificates.percent,
      issuedAt: learnCertificates.createdAt,
    })
    .from(learnCertificates)
    .innerJoin(profiles, eq(profiles.id, learnCertificates.userId))
    .innerJoin(learnCourses, eq(learnCourses.id, learnCertificates.courseId))
    .where(eq(learnCertificates.code, code.trim().toUpperCase()));
  // A site-banned member is hidden everywhere, their certificates too.
  if (!row || row.banned) throw new AppError("NOT_FOUND", M_LEARN.certificateNotFound);
  return {
    code: row.code,
    username: row.username,
    courseTitle: row.courseTitle,
    courseSlug: row.courseSlug,
    level: row.level,
    percent: row.percent,
    issuedAt: row.issuedAt.toISOString(),
  };
}

/**
 * GET /api/learn/users/:username/certificates: a member's certificates, newest first, for their public profile.
 * A banned or unknown member is 404, like their profile. One read through the (user, course) key.
 */
export async function listUserCertificates(deps: TDeps, username: string): Promise<TCertificateList> {
  const [user] = await deps.db
    .select({ id: profiles.id, username: profiles.username, banned: profiles.isBanned })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = ${username.trim().toLowerCase()}`);
  if (!user || user.banned) throw new AppError("NOT_FOUND", M_LEARN.userNotFound);
  const rows = await deps.db
    .select({
      code: learnCertificates.code,
      courseTitle: learnCourses.title,
      courseSlug: learnCourses.slug,
      level: learnCourses.level,
      percent: learnCertificates.percent,
      issuedAt: learnCertificates.createdAt,
    })
    .from(learnCertificates)
    .innerJoin(learnCourses, eq(learnCourses.id, learnCertificates.courseId))
    .where(eq(learnCertificates.userId, user.id))
    .orderBy(desc(learnCertificates.createdAt))
    .limit(textRowCount(LEARN_LIMITS.coursesShown));
  return {
    items: rows.map((row) => ({
      code: row.code,
      username: user.username,
      courseTitle: row.courseTitle,
      courseSlug: row.courseSlug,
      level: row.level,
      percent: row.percent,
      issuedAt: row.issuedAt.toISOString(),
    })),
  };
}
