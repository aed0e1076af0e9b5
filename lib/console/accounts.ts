import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, gt, inArray, isNull, like, ne, not } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { consoleAccounts, consoleKnownAddresses, consoleSessions } from "@/lib/console/db/schema";
import { DIRECT } from "@/lib/http/client-address";
import { hashPassword } from "@/lib/console/passwords";
import { newPasswordProblem } from "@/lib/console/password-rule";
import { checkConsoleSecret, resealFirstFormatApiKey, sealAccountApiKey, unsealAccountApiKey } from "@/lib/console/secret";
import { createInvitedPersonKey } from "@/lib/studio/orgs/operator";
import { StudioError } from "@/lib/studio/core/errors";
import { inTransaction } from "@/lib/studio/core/unit-of-work";

export type ConsoleAccount = typeof consoleAccounts.$inferSelect;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Adds a console account for an existing Studio API key; the key is stored sealed, the password hashed. */
export async function createConsoleAccount({
  email,
  displayName,
  password,
  apiKey,
  clientId,
}: {
  email: string;
  displayName: string;
  password: string;
  apiKey: string;
  clientId?: string | null;
}): Promise<{ id: number; email: string }> {
  const problem = newPasswordProblem(password);
  if (problem) throw new Error(problem);
  if (!/^\S+@\S+$/.test(email.trim())) throw new Error("The email address is not valid");
  const database = await db();
  const [row] = await database
    .insert(consoleAccounts)
    .values({
      email: normalizeEmail(email),
      displayName: displayName.trim() || normalizeEmail(email),
      passwordHash: await hashPassword(password),
      apiKeySealed: sealAccountApiKey(normalizeEmail(email), apiKey),
      clientId: clientId ?? null,
    })
    .returning({ id: consoleAccounts.id, email: consoleAccounts.email });
  if (!row) throw new Error("The account was not created");
  return row;
}

export async function findAccountByEmail(email: string): Promise<ConsoleAccount | undefined> {
  const database = await db();
  const [row] = await database.select().from(consoleAccounts).where(eq(consoleAccounts.email, normalizeEmail(email)));
  return row;
}

/**
 * Whether `accountId` has signed in from `address` before. Asked for unknown e-mails too (id 0):
 * an attempt costs the same whether its e-mail has an account or not. An unknown address (DIRECT) is never known.
 */
export async function isKnownAddress(accountId: number, address: string): Promise<boolean> {
  if (address === DIRECT) return false;
  const database = await db();
  const [row] = await database
    .select({ accountId: consoleKnownAddresses.accountId })
    .from(consoleKnownAddresses)
    .where(and(eq(consoleKnownAddresses.accountId, accountId), eq(consoleKnownAddresses.address, address)));
  return Boolean(row);
}

/** Remembers a successful sign-in's address for the account (nothing for an unknown address). */
export async function rememberAddress(accountId: number, address: string): Promise<void> {
  if (address === DIRECT) return;
  const database = await db();
  await database
    .insert(consoleKnownAddresses)
    .values({ accountId, address })
    .onConflictDoUpdate({ target: [consoleKnownAddresses.accountId, consoleKnownAddresses.address], set: { lastSignedInAt: new Date() } });
}

export function accountApiKey(account: ConsoleAccount): string {
  return unsealAccountApiKey(account.email, account.apiKeySealed);
}

export async function rememberStudioUid(accountId: number, uid: string): Promise<void> {
  const database = await db();
  await database.update(consoleAccounts).set({ studioUid: uid }).where(eq(consoleAccounts.id, accountId));
}

/** Display names of the console accounts that act as the given Studio uids. */
export async function namesForUids(uids: string[]): Promise<Map<string, string>> {
  if (!uids.length) return new Map();
  const database = await db();
  const rows = await database
    .select({ uid: consoleAccounts.studioUid, name: consoleAccounts.displayName })
    .from(consoleAccounts)
    .where(inArray(consoleAccounts.studioUid, uids));
  return new Map(rows.flatMap((row) => (row.uid ? [[row.uid, row.name] as const] : [])));
}

type DemoFile = {
  orgs: Array<{
    client_id: string;
    users: Array<{ uid: string; name: string; email: string; password: string; api_key: string }>;
  }>;
};

/**
 * After the demo seed: one console account per demo user that has none yet. Only when demo data is
 * on (SEED_DEMO): a demo-credentials.json left in DATA_DIR by an earlier development run must not
 * give a production server sign-ins whose passwords sit in a file. SEED_DEMO_ACCOUNTS=0 keeps the
 * demo to its API keys (no password hashing at start).
 */
export async function seedDemoAccounts(): Promise<number> {
  if (!env.SEED_DEMO || !env.SEED_DEMO_ACCOUNTS) return 0;
  const file = path.join(env.DATA_DIR, "demo-credentials.json");
  let demo: DemoFile;
  try {
    demo = JSON.parse(await fs.readFile(file, "utf8")) as DemoFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  // Each password hash costs ~0.3 s of scrypt on the libuv thread pool: hashed side by side, a
  // start pays for about one per core instead of one per person.
  const users = demo.orgs.flatMap((org) => org.users.map((user) => ({ org, user })));
  const outcomes = await Promise.all(
    users.map(async ({ org, user }) => {
      if (await findAccountByEmail(user.email)) return 0;
      try {
        const { id } = await createConsoleAccount({
          email: user.email,
          displayName: user.name,
          password: user.password,
          apiKey: user.api_key,
          clientId: org.client_id,
        });
        await rememberStudioUid(id, user.uid);
        return 1;
      } catch (error) {
        // Another server process seeding the same database got there first.
        if (!(await findAccountByEmail(user.email))) throw error;
        return 0;
      }
    }),
  );
  return outcomes.reduce<number>((sum, created) => sum + created, 0);
}

/** Replaces an account's password hash (sign-in upgrades hashes made with weaker parameters). */
export async function updatePasswordHash(accountId: number, passwordHash: string): Promise<void> {
  const database = await db();
  await database.update(consoleAccounts).set({ passwordHash }).where(eq(consoleAccounts.id, accountId));
}

/** How long an invite's first password can start its one session. */
export const FIRST_PASSWORD_LIFETIME_MS = 72 * 60 * 60 * 1000;

/** Still on the invite's first password: its session may only choose a new one. */
export function mustChangePassword(account: Pick<ConsoleAccount, "firstPasswordExpiresAt">): boolean {
  return account.firstPasswordExpiresAt !== null;
}

export type FirstPasswordClaim = "claimed" | "expired" | "used";

/**
 * Spends the first password on the sign-in that checked it right: one statement decides, so of
 * parallel sign-ins with it exactly one starts a session.
 */
export async function claimFirstPassword(account: ConsoleAccount, now = new Date()): Promise<FirstPasswordClaim> {
  const database = await db();
  const [row] = await database
    .update(consoleAccounts)
    .set({ firstPasswordUsedAt: now })
    .where(and(eq(consoleAccounts.id, account.id), isNull(consoleAccounts.firstPasswordUsedAt), gt(consoleAccounts.firstPasswordExpiresAt, now)))
    .returning({ id: consoleAccounts.id });
  if (row) return "claimed";
  const [fresh] = await database.select().from(consoleAccounts).where(eq(consoleAccounts.id, account.id));
  return fresh?.firstPasswordUsedAt ? "used" : "expired";
}

/** Gives the first password back when its sign-in did not happen after all (it could not be audited). */
export async function releaseFirstPassword(accountId: number, claimedAt: Date): Promise<void> {
  const database = await db();
  await database
    .update(consoleAccounts)
    .set({ firstPasswordUsedAt: null })
    .where(and(eq(consoleAccounts.id, accountId), eq(consoleAccounts.firstPasswordUsedAt, claimedAt)));
}

/**
 * Replaces the password the caller checked (`currentHash`): of two changes at once only one
 * finds that hash still there (false for the other). The first-password marks go, and every other
 * session of the account ends (one a thief holds included); `keepSession` stays signed in.
 */
export async function replacePassword(input: { accountId: number; currentHash: string; newHash: string; keepSession: string }): Promise<boolean> {
  return inTransaction(async (tx) => {
    const [row] = await tx
      .update(consoleAccounts)
      .set({ passwordHash: input.newHash, firstPasswordExpiresAt: null, firstPasswordUsedAt: null })
      .where(and(eq(consoleAccounts.id, input.accountId), eq(consoleAccounts.passwordHash, input.currentHash)))
      .returning({ id: consoleAccounts.id });
    if (!row) return false;
    await tx.delete(consoleSessions).where(and(eq(consoleSessions.accountId, input.accountId), ne(consoleSessions.tokenHash, input.keepSession)));
    return true;
  });
}

/**
 * The console sign-in of a person invited just now, in one transaction with their first API key:
 * the key is made (by the Studio's own invite verb, audited) and sealed straight into the new
 * account, and is answered to no one. Both exist or neither; an account that already exists is
 * never touched again, so replaying an invite cannot reset a password (409).
 */
export async function saveInvitedAccount(input: {
  email: string;
  displayName: string;
  password: string;
  clientId: string | null;
  studioUid: string;
  inviterUid: string;
}): Promise<void> {
  const email = normalizeEmail(input.email);
  // scrypt takes a third of a second: done before the transaction, which then only writes.
  const passwordHash = await hashPassword(input.password);
  await inTransaction(async (tx) => {
    const { key } = await createInvitedPersonKey({ actorUid: input.inviterUid, uid: input.studioUid }, tx);
    const [row] = await tx
      .insert(consoleAccounts)
      .values({
        email,
        displayName: input.displayName.trim() || email,
        passwordHash,
        apiKeySealed: sealAccountApiKey(email, key),
        clientId: input.clientId,
        studioUid: input.studioUid,
        firstPasswordExpiresAt: new Date(Date.now() + FIRST_PASSWORD_LIFETIME_MS),
      })
      .onConflictDoNothing({ target: consoleAccounts.email })
      .returning({ id: consoleAccounts.id });
    if (!row) throw new StudioError("invalid_state", `A console sign-in for ${email} already exists; its first password was shown once and is not reset`);
  });
}

/** Start-up: refuses a CONSOLE_SECRET other than the one this database's console keys are sealed under. */
export async function checkConsoleSecretAtStart(): Promise<void> {
  const database = await db();
  const [sample] = await database
    .select({ email: consoleAccounts.email, sealed: consoleAccounts.apiKeySealed })
    .from(consoleAccounts)
    .where(like(consoleAccounts.apiKeySealed, "v2.%"))
    .limit(1);
  await checkConsoleSecret(database, sample);
}

/**
 * Re-seals console-held API keys still in the first format (bound to no account), so unsealing
 * can refuse that format; a row changed meanwhile (another server starting) is left to it.
 */
export async function resealFirstFormatApiKeys(): Promise<number> {
  const database = await db();
  const rows = await database
    .select({ id: consoleAccounts.id, email: consoleAccounts.email, sealed: consoleAccounts.apiKeySealed })
    .from(consoleAccounts)
    .where(not(like(consoleAccounts.apiKeySealed, "v2.%")));
  for (const row of rows) {
    const resealed = resealFirstFormatApiKey(row.email, row.sealed);
    if (resealed) {
      await database
        .update(consoleAccounts)
        .set({ apiKeySealed: resealed })
        .where(and(eq(consoleAccounts.id, row.id), eq(consoleAccounts.apiKeySealed, row.sealed)));
    }
  }
  return rows.length;
}

/** The person's console language and time zone; null for either goes back to the default (browser language, UTC). */
export async function savePreferences(accountId: number, preferences: { locale: string | null; timeZone: string | null }): Promise<void> {
  const database = await db();
  await database.update(consoleAccounts).set(preferences).where(eq(consoleAccounts.id, accountId));
}
