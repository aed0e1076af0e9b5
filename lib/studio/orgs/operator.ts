import "server-only";
// Organization verbs: what `npm run studio` and the demo seed use to set up organizations, and
// what the team endpoints (org:manage) use to manage people and keys: one way to do each thing.
import { randomBytes } from "node:crypto";
import { generateMnemonic } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db, type DbOrTx } from "@/lib/db/client";
import { apiKeys, clientIds, organizations, users } from "@/lib/studio/db/orgs-schema";
import { generateApiKey, maskApiKey } from "@/lib/studio/auth/api-keys";
import { PERMISSIONS, type Permission } from "@/lib/studio/auth/permissions";
import { principalsChanged, type Principal } from "@/lib/studio/auth/principal";
import { recordAudit } from "@/lib/studio/audit/audit-log";
import { pageOffset, type PagingQuery } from "@/lib/studio/core/paging";
import { afterCommitIfOpen, inTransaction } from "@/lib/studio/core/unit-of-work";
import { newId } from "@/lib/studio/core/ids";
import { sealHdSeed } from "@/lib/studio/core/secrets";
import { notFound, StudioError } from "@/lib/studio/core/errors";
import { dateTimeText } from "@/lib/studio/core/records";

// `now` on the creations below: when the row says it was made (the demo seed's history starts in the past).
export async function createOrganization(input: { name: string; now?: Date }, tx?: DbOrTx) {
  const database = tx ?? (await db());
  const webhookSecret = `whsec_${randomBytes(24).toString("base64")}`;
  // The seed is sealed to the row's id, which exists only once the row does.
  const [org] = await database
    .insert(organizations)
    .values({ name: input.name, webhookSecret, hdSeedSealed: "", ...(input.now ? { createdAt: input.now } : {}) })
    .returning({ id: organizations.id, name: organizations.name });
  if (!org) throw new Error("organization insert returned nothing");
  await database
    .update(organizations)
    .set({ hdSeedSealed: sealHdSeed(org.id, generateMnemonic(wordlist, 256)) })
    .where(eq(organizations.id, org.id));
  return { ...org, webhookSecret };
}

export async function createClientId(input: { orgId: number }, tx?: DbOrTx) {
  const database = tx ?? (await db());
  await requireOrganization(database, input.orgId);
  const clientId = `cli_${randomBytes(10).toString("hex")}`;
  await database.insert(clientIds).values({ clientId, orgId: input.orgId });
  return { clientId };
}

/**
 * Who changes the organization's people and keys: a person with org:manage (the API), or the
 * operator (CLI, demo seed) with `actorUid` null. When `orgId` is given, the records touched must
 * be of that organization (another organization's are unknown: 404).
 */
export type TeamActor = { actorUid: string | null; orgId?: number };

type UserRow = typeof users.$inferSelect;
type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A person of the organization (GET/POST /users, PATCH /users/{id}). */
export const userRecordSchema = z.object({
  uid: z.string().meta({ example: "usr_4c1d2e3f5a6b7c8d9e0f1a2b" }),
  name: z.string().meta({ example: "Fiona Finance" }),
  email: z.string().meta({ description: "Lower-cased; unique in the organization", example: "fiona@merchant.example" }),
  permissions: z.array(z.string()).meta({ description: `What the person may do (known: ${PERMISSIONS.join(", ")})`, example: ["transfer:read", "transfer:create"] }),
  disabled: z.boolean().meta({ description: "A disabled person's keys stop working; nothing is deleted" }),
  created_at: dateTimeText,
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** An API key as listed: never the secret, only its prefix and last four characters. */
export const apiKeyRecordSchema = z.object({
  id: z.string().meta({ example: "key_9a8b7c6d5e4f3a2b1c0d9e8f" }),
  prefix: z.string().meta({ example: "stk_zYLN" }),
  last4: z.string().meta({ example: "JR1b" }),
  uid: z.string().meta({ description: "The person the key acts as", example: "usr_4c1d2e3f5a6b7c8d9e0f1a2b" }),
  created_at: dateTimeText,
  last_used_at: dateTimeText.nullable(),
  revoked: z.boolean(),
  revoked_at: dateTimeText.nullable(),
});
export type ApiKeyRecord = z.infer<typeof apiKeyRecordSchema>;

/** POST /api_keys: the record plus the secret, which no other response carries. */
export const createdApiKeyRecordSchema = apiKeyRecordSchema.extend({
  api_key: z.string().meta({ description: "The key itself, shown this once; only its hash is stored", example: "stk_zYLNkjNinFIUrhtkBYD5XS5tfmp8JR1b" }),
});
export type CreatedApiKeyRecord = z.infer<typeof createdApiKeyRecordSchema>;

export function serializeUser(row: UserRow): UserRecord {
  return {
    uid: row.uid,
    name: row.name,
    email: row.email,
    permissions: row.permissions,
    disabled: row.disabled,
    created_at: row.createdAt.toISOString(),
  };
}

export function serializeApiKey(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    prefix: row.prefix,
    last4: row.last4,
    uid: row.userUid,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked: row.revokedAt !== null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export function serializeCreatedApiKey(created: { key: string; record: ApiKeyRecord }): CreatedApiKeyRecord {
  return { ...created.record, api_key: created.key };
}

/**
 * What a replay of POST /api_keys answers: the key exists, and its secret, shown once, is kept in
 * no idempotency row (409/40903). Revoking it and making another is the way out of a lost answer.
 */
export function apiKeyShownOnce(result: { data: unknown }): StudioError {
  const created = result.data as CreatedApiKeyRecord;
  return new StudioError(
    "secret_not_replayable",
    `API key ${created.id} (${maskApiKey(created.prefix, created.last4)}) was already created with this Idempotency-Key; its secret was shown once and cannot be shown again. If that answer was lost, revoke the key and create another with a new Idempotency-Key.`,
  );
}

/** The caller's transaction when given (the demo seed's), else the open unit of work or one of its own. */
function within<T>(tx: DbOrTx | undefined, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return tx ? work(tx) : inTransaction(work);
}

/** Drops cached principals once the change has committed (other processes hear it from the database's NOTIFY). */
function afterPrincipalsChange(): void {
  afterCommitIfOpen(async () => principalsChanged());
}

export async function createUser(
  input: { orgId: number; name: string; email: string; permissions: Permission[]; actorUid?: string | null; now?: Date },
  tx?: DbOrTx,
) {
  return within(tx, async (database) => {
    await requireOrganization(database, input.orgId);
    const uid = newId("usr");
    const permissions = [...new Set(input.permissions)];
    const [row] = await database
      .insert(users)
      .values({ uid, orgId: input.orgId, name: input.name, email: input.email.toLowerCase(), permissions, ...(input.now ? { createdAt: input.now } : {}) })
      .onConflictDoNothing({ target: [users.orgId, users.email] })
      .returning();
    if (!row) throw new StudioError("invalid_state", `A user with the email ${input.email.toLowerCase()} already exists in this organization`);
    await recordAudit(database, {
      orgId: row.orgId,
      actorUid: input.actorUid ?? null,
      action: "user.created",
      objectType: "user",
      objectId: row.uid,
      details: { name: row.name, email: row.email, permissions: row.permissions },
      now: input.now,
    });
    return { uid, user: serializeUser(row) };
  });
}

export async function listUsers(input: { orgId: number; query: PagingQuery }) {
  const { orgId, query } = input;
  const database = await db();
  const scope = eq(users.orgId, orgId);
  const [[total], rows] = await Promise.all([
    database.select({ count: sql<number>`count(*)::int` }).from(users).where(scope),
    database.select().from(users).where(scope).orderBy(desc(users.createdAt), desc(users.uid)).limit(query.page_size).offset(pageOffset(query)),
  ]);
  return {
    data: rows.map(serializeUser),
    paging: { page_number: query.page, page_size: query.page_size, total_count: total?.count ?? 0 },
  };
}

const MANAGE: Permission = "org:manage";
const managesOrg = (user: { permissions: readonly string[]; disabled: boolean }) => !user.disabled && user.permissions.includes(MANAGE);

/**
 * Changes a person's permissions and/or disabled flag. The organization's user rows are locked
 * first, so concurrent changes serialize and the last enabled org:manage holder cannot be
 * demoted or disabled by two requests that each saw another holder (409).
 */
export async function updateUser(
  input: TeamActor & { uid: string; permissions?: Permission[]; disabled?: boolean },
  tx?: DbOrTx,
) {
  return within(tx, async (database) => {
    const [target] = await database.select().from(users).where(userScope(input.uid, input.orgId)).limit(1);
    if (!target) throw notFound(`User ${input.uid}`);
    // In uid order, so two changes in one organization never lock its rows in opposite orders.
    const locked = await database.select().from(users).where(eq(users.orgId, target.orgId)).orderBy(users.uid).for("no key update");
    const before = locked.find((row) => row.uid === target.uid) ?? target;
    const after = {
      permissions: input.permissions ? [...new Set(input.permissions)] : before.permissions,
      disabled: input.disabled ?? before.disabled,
    };
    if (managesOrg(before) && !managesOrg(after) && !locked.some((row) => row.uid !== before.uid && managesOrg(row))) {
      throw new StudioError(
        "invalid_state",
        `${before.name} is the last enabled person with ${MANAGE} in this organization; give it to someone else first`,
      );
    }
    const unchanged = after.disabled === before.disabled && samePermissions(after.permissions, before.permissions);
    if (unchanged) return serializeUser(before);
    const [row] = await database.update(users).set(after).where(eq(users.uid, before.uid)).returning();
    if (!row) throw new Error("user update returned no row");
    await recordAudit(database, {
      orgId: row.orgId,
      actorUid: input.actorUid,
      action: "user.updated",
      objectType: "user",
      objectId: row.uid,
      details: {
        before: { permissions: before.permissions, disabled: before.disabled },
        after: { permissions: row.permissions, disabled: row.disabled },
      },
    });
    afterPrincipalsChange();
    return serializeUser(row);
  });
}

/**
 * POST /api_keys: a key for the caller alone. A key acts as the person who created it (spec 5.3),
 * so nobody, an admin included, makes one that acts as a colleague: that would let one person
 * create as B and approve as A. A `uid` other than the caller's own is refused (403).
 */
export async function createOwnApiKey(input: { principal: Principal; uid?: string }) {
  const { principal } = input;
  if (input.uid !== undefined && input.uid !== principal.uid) {
    throw new StudioError("forbidden", "API keys are created for oneself only: a key acts as the person who created it. Leave uid out, or give your own");
  }
  return createApiKey({ uid: principal.uid, orgId: principal.orgId, actorUid: principal.uid });
}

/**
 * The first key of a person invited through the console: made in the transaction that seals it
 * into their console sign-in, and never answered to anyone. Only for a person who has never had a
 * key, so it cannot yield a key acting as an existing colleague; the inviter must be an enabled
 * manager of that person's organization. Audited as `api_key.created` with `via: "invite"`.
 */
export async function createInvitedPersonKey(input: { actorUid: string; uid: string }, tx: DbOrTx) {
  const [actor] = await tx.select().from(users).where(eq(users.uid, input.actorUid)).limit(1);
  if (!actor || !managesOrg(actor)) throw new StudioError("forbidden", `Inviting people needs the permission ${MANAGE}`);
  const [person] = await tx.select().from(users).where(userScope(input.uid, actor.orgId)).limit(1);
  if (!person) throw notFound(`User ${input.uid}`);
  const [earlier] = await tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userUid, person.uid)).limit(1);
  if (earlier) throw new StudioError("invalid_state", `${person.name} already has an API key; an invite makes only a new person's first one`);
  return createApiKey({ uid: person.uid, orgId: actor.orgId, actorUid: actor.uid, via: "invite" }, tx);
}

/** Returns the plaintext key exactly once; only its hash is stored. */
export async function createApiKey(input: { uid: string; via?: "invite"; now?: Date } & Partial<TeamActor>, tx?: DbOrTx) {
  return within(tx, async (database) => {
    const [user] = await database.select().from(users).where(userScope(input.uid, input.orgId)).limit(1);
    if (!user) throw notFound(`User ${input.uid}`);
    if (user.disabled) throw new StudioError("invalid_state", `User ${user.uid} is disabled; enable them before creating a key`);
    const generated = generateApiKey();
    const [row] = await database
      .insert(apiKeys)
      .values({
        id: newId("key"),
        userUid: user.uid,
        orgId: user.orgId,
        keyHash: generated.keyHash,
        prefix: generated.prefix,
        last4: generated.last4,
        ...(input.now ? { createdAt: input.now } : {}),
      })
      .returning();
    if (!row) throw new Error("api key insert returned no row");
    await recordAudit(database, {
      orgId: row.orgId,
      actorUid: input.actorUid ?? null,
      action: "api_key.created",
      objectType: "api_key",
      objectId: row.id,
      details: { uid: row.userUid, prefix: row.prefix, last4: row.last4, ...(input.via ? { via: input.via } : {}) },
      now: input.now,
    });
    return { id: row.id, key: generated.key, masked: maskApiKey(generated.prefix, generated.last4), record: serializeApiKey(row) };
  });
}

/** Revoking stops the key on the next request; a key already revoked is a conflict (409). */
export async function revokeApiKey(input: TeamActor & { keyId: string }, tx?: DbOrTx) {
  return within(tx, async (database) => {
    const scope = input.orgId === undefined ? eq(apiKeys.id, input.keyId) : and(eq(apiKeys.id, input.keyId), eq(apiKeys.orgId, input.orgId));
    const [key] = await database.select().from(apiKeys).where(scope).limit(1).for("update");
    if (!key) throw notFound(`API key ${input.keyId}`);
    if (key.revokedAt) throw new StudioError("invalid_state", `API key ${key.id} was already revoked at ${key.revokedAt.toISOString()}`);
    const [row] = await database.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, key.id)).returning();
    if (!row) throw new Error("api key update returned no row");
    await recordAudit(database, {
      orgId: row.orgId,
      actorUid: input.actorUid,
      action: "api_key.revoked",
      objectType: "api_key",
      objectId: row.id,
      details: { uid: row.userUid, prefix: row.prefix, last4: row.last4 },
    });
    afterPrincipalsChange();
    return serializeApiKey(row);
  });
}

export async function listApiKeys(input: { orgId: number; uid?: string; query?: PagingQuery }) {
  const database = await db();
  await requireOrganization(database, input.orgId);
  const scope = input.uid ? and(eq(apiKeys.orgId, input.orgId), eq(apiKeys.userUid, input.uid)) : eq(apiKeys.orgId, input.orgId);
  const rows = database.select().from(apiKeys).where(scope).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  if (!input.query) return { data: (await rows).map(serializeApiKey), total: undefined };
  const [[total], page] = await Promise.all([
    database.select({ count: sql<number>`count(*)::int` }).from(apiKeys).where(scope),
    rows.limit(input.query.page_size).offset(pageOffset(input.query)),
  ]);
  return { data: page.map(serializeApiKey), total: total?.count ?? 0 };
}

function userScope(uid: string, orgId: number | undefined): SQL | undefined {
  return orgId === undefined ? eq(users.uid, uid) : and(eq(users.uid, uid), eq(users.orgId, orgId));
}

function samePermissions(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join(",") === [...b].sort().join(",");
}

export async function listOrganizations() {
  const database = await db();
  const orgs = await database.select({ id: organizations.id, name: organizations.name }).from(organizations);
  const clients = await database.select().from(clientIds);
  const people = await database.select().from(users);
  return orgs.map((org) => ({
    ...org,
    client_ids: clients.filter((c) => c.orgId === org.id).map((c) => c.clientId),
    users: people
      .filter((u) => u.orgId === org.id)
      .map((u) => ({ uid: u.uid, name: u.name, email: u.email, permissions: u.permissions, disabled: u.disabled })),
  }));
}

async function requireOrganization(database: DbOrTx, orgId: number) {
  const [org] = await database.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, orgId));
  if (!org) throw new StudioError("not_found", `Organization ${orgId} not found`);
}
