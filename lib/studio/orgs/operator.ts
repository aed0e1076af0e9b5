// Operator verbs: what `npm run studio` and the demo seed use to set up organizations.
import { randomBytes } from "node:crypto";
import { generateMnemonic } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import { and, desc, eq, isNull } from "drizzle-orm";
import { db, type DbOrTx } from "@/lib/db/client";
import { apiKeys, clientIds, organizations, users } from "@/lib/studio/db/schema";
import { generateApiKey, maskApiKey } from "@/lib/studio/auth/api-keys";
import { principalsChanged } from "@/lib/studio/auth/principal";
import type { Permission } from "@/lib/studio/auth/permissions";
import { newId } from "@/lib/studio/ids";
import { sealHdSeed } from "@/lib/studio/secrets";
import { notFound, StudioError } from "@/lib/studio/errors";

export async function createOrganization(input: { name: string }, tx?: DbOrTx) {
  const database = tx ?? (await db());
  const webhookSecret = `whsec_${randomBytes(24).toString("base64")}`;
  // The seed is sealed to the row's id, which exists only once the row does.
  const [org] = await database
    .insert(organizations)
    .values({ name: input.name, webhookSecret, hdSeedSealed: "" })
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

export async function createUser(
  input: { orgId: number; name: string; email: string; permissions: Permission[] },
  tx?: DbOrTx,
) {
  const database = tx ?? (await db());
  await requireOrganization(database, input.orgId);
  const uid = newId("usr");
  await database.insert(users).values({ uid, ...input });
  return { uid };
}

/** Returns the plaintext key exactly once; only its hash is stored. */
export async function createApiKey(input: { uid: string }, tx?: DbOrTx) {
  const database = tx ?? (await db());
  const [user] = await database.select().from(users).where(eq(users.uid, input.uid)).limit(1);
  if (!user) throw notFound(`User ${input.uid}`);
  const generated = generateApiKey();
  const id = newId("key");
  await database.insert(apiKeys).values({
    id,
    userUid: user.uid,
    orgId: user.orgId,
    keyHash: generated.keyHash,
    prefix: generated.prefix,
    last4: generated.last4,
  });
  return { id, key: generated.key, masked: maskApiKey(generated.prefix, generated.last4) };
}

export async function revokeApiKey(input: { keyId: string }) {
  const database = await db();
  const revoked = await database
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, input.keyId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw notFound(`Active API key ${input.keyId}`);
  principalsChanged();
}

export async function listApiKeys(input: { orgId: number }) {
  const database = await db();
  await requireOrganization(database, input.orgId);
  const rows = await database
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.orgId, input.orgId))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map((row) => ({
    id: row.id,
    uid: row.userUid,
    key: maskApiKey(row.prefix, row.last4),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  }));
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
      .map((u) => ({ uid: u.uid, name: u.name, email: u.email, permissions: u.permissions })),
  }));
}

async function requireOrganization(database: DbOrTx, orgId: number) {
  const [org] = await database.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, orgId));
  if (!org) throw new StudioError("not_found", `Organization ${orgId} not found`);
}
