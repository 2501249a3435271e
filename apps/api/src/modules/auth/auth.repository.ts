import type { Db, SessionRow, Tx, UserRow } from "@laurel/db";

type Conn = Db | Tx;

export function findUserByEmail(conn: Conn, email: string): Promise<UserRow | undefined> {
  return conn.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

export function findUserById(conn: Conn, id: string): Promise<UserRow | undefined> {
  return conn.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertSession(
  conn: Conn,
  s: { id: string; userId: string; shopId: string; impersonatedBy: string | null; expiresAt: Date },
): Promise<void> {
  await conn
    .insertInto("sessions")
    .values({
      id: s.id,
      user_id: s.userId,
      shop_id: s.shopId,
      impersonated_by: s.impersonatedBy,
      expires_at: s.expiresAt,
    })
    .execute();
}

export function findSession(conn: Conn, id: string): Promise<SessionRow | undefined> {
  return conn.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function deleteSession(conn: Conn, id: string): Promise<void> {
  await conn.deleteFrom("sessions").where("id", "=", id).execute();
}

export async function upsertUser(
  conn: Conn,
  u: { id: string; email: string; passwordHash: string; shopId: string | null; isStaff: boolean },
): Promise<void> {
  await conn
    .insertInto("users")
    .values({
      id: u.id,
      email: u.email,
      password_hash: u.passwordHash,
      shop_id: u.shopId,
      is_staff: u.isStaff,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
}
