import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, lt, or } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { consoleAccounts, consoleSessions } from "@/lib/console/db/schema";
import type { ConsoleAccount } from "@/lib/console/accounts";
import { ABSOLUTE_MS, IDLE_MS, isExpired } from "@/lib/console/session-policy";

// Writing last_seen_at on every request would turn each read into a write; a minute is enough.
const TOUCH_AFTER_MS = 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type Session = { tokenHash: string; account: ConsoleAccount; createdAt: Date; passwordCheckedAt: Date | null };

/** A new random token for the account, after its password was checked; only its hash is stored. */
export async function createSession(accountId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const database = await db();
  await database.insert(consoleSessions).values({ tokenHash: hashToken(token), accountId, createdAt: now, lastSeenAt: now, passwordCheckedAt: now });
  // Housekeeping: drop this account's expired sessions.
  await database
    .delete(consoleSessions)
    .where(
      and(
        eq(consoleSessions.accountId, accountId),
        or(lt(consoleSessions.lastSeenAt, new Date(now.getTime() - IDLE_MS)), lt(consoleSessions.createdAt, new Date(now.getTime() - ABSOLUTE_MS))),
      ),
    );
  return token;
}

export async function resolveSession(token: string | undefined, now = new Date()): Promise<Session | undefined> {
  if (!token || token.length > 200) return undefined;
  const database = await db();
  const tokenHash = hashToken(token);
  const [row] = await database
    .select({ session: consoleSessions, account: consoleAccounts })
    .from(consoleSessions)
    .innerJoin(consoleAccounts, eq(consoleAccounts.id, consoleSessions.accountId))
    .where(eq(consoleSessions.tokenHash, tokenHash));
  if (!row) return undefined;
  if (isExpired(row.session, now)) {
    await database.delete(consoleSessions).where(eq(consoleSessions.tokenHash, tokenHash));
    return undefined;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await database.update(consoleSessions).set({ lastSeenAt: now }).where(eq(consoleSessions.tokenHash, tokenHash));
  }
  return { tokenHash, account: row.account, createdAt: row.session.createdAt, passwordCheckedAt: row.session.passwordCheckedAt };
}

/** The session's person proved their password again (step-up): it may move money for a while. */
export async function recordPasswordCheck(tokenHash: string, now = new Date()): Promise<void> {
  const database = await db();
  await database.update(consoleSessions).set({ passwordCheckedAt: now }).where(eq(consoleSessions.tokenHash, tokenHash));
}

export async function destroySession(token: string | undefined): Promise<void> {
  if (!token) return;
  const database = await db();
  await database.delete(consoleSessions).where(eq(consoleSessions.tokenHash, hashToken(token)));
}

/** Ends every session of the account (its Studio key stopped working: revoked, or the person disabled). */
export async function endAccountSessions(accountId: number): Promise<void> {
  const database = await db();
  await database.delete(consoleSessions).where(eq(consoleSessions.accountId, accountId));
}
