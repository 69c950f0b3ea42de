import { sql } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";

/**
 * The traces an erased account leaves beside its profile, removed in the erase's transaction: notifications to and
 * from the member, their follows both ways (the other members' counters move with them), what they sent through
 * the contact form (by their e-mail, any case, or while signed in; the replies cascade, and so do the admins'
 * notifications of it), the sign-in attempts recorded under their e-mail, and their passkeys. Each statement reads
 * one index.
 * Called after the profile's own update, so the member's row is locked before the others' (as follow-user.ts does).
 */
export async function eraseTraces(tx: Pick<TDb, "execute">, userId: string) {
  const [account] = await queryRows<{ email: string }>(tx, sql`select email from users where id = ${userId}`);
  const email = (account?.email ?? "").toLowerCase();
  await tx.execute(sql`delete from notifications where user_id = ${userId}`);
  await tx.execute(sql`delete from notifications where actor_id = ${userId}`);
  await tx.execute(sql`
    with gone as (delete from follows where follower_id = ${userId} returning followed_id)
    update profiles set followers_count = followers_count - 1, updated_at = now()
    where id in (select followed_id from gone)`);
  await tx.execute(sql`
    with gone as (delete from follows where followed_id = ${userId} returning follower_id)
    update profiles set following_count = following_count - 1, updated_at = now()
    where id in (select follower_id from gone)`);
  await tx.execute(sql`update profiles set followers_count = 0, following_count = 0 where id = ${userId}`);
  const messages = await queryRows<{ id: string }>(
    tx,
    sql`delete from contact_messages where lower(email) = ${email} returning id`,
  );
  messages.push(
    ...(await queryRows<{ id: string }>(
      tx,
      sql`delete from contact_messages where user_id = ${userId} returning id`,
    )),
  );
  if (messages.length > 0) {
    const ids = messages.map((m) => m.id);
    await tx.execute(sql`
      delete from notifications
      where kind = 'contact_message' and source_key in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  }
  await tx.execute(sql`delete from login_attempts where email = ${email}`);
  await tx.execute(sql`delete from passkeys where user_id = ${userId}`);
}
