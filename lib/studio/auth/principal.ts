import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { currentDatabase, db, getDatabase, statementName, type Database } from "@/lib/db/client";
import { apiKeys, organizations, users } from "@/lib/studio/db/orgs-schema";
import { StudioError } from "@/lib/studio/core/errors";
import { hashApiKey } from "@/lib/studio/auth/api-keys";
import { isPermission, type Permission } from "@/lib/studio/auth/permissions";
import { log } from "@/lib/observability/log";

/** Who is calling: the user that created the API key, inside that user's organization. */
export type Principal = {
  uid: string;
  name: string;
  email: string;
  orgId: number;
  orgName: string;
  permissions: Permission[];
  keyId: string;
};

const LAST_USED_RESOLUTION_MS = 60_000;

// Every request authenticates, so the lookup is built and prepared once per database handle
// rather than per request (bench/: building it cost ~0.4 ms of CPU per request). The prepared
// statement holds no data: a revoked key, a disabled user or changed permissions take effect on
// the very next request.
const lookups = new WeakMap<Database, ReturnType<typeof prepareLookup>>();

function prepareLookup(database: Database) {
  return database
    .select({
      keyId: apiKeys.id,
      lastUsedAt: apiKeys.lastUsedAt,
      uid: users.uid,
      name: users.name,
      email: users.email,
      permissions: users.permissions,
      orgId: organizations.id,
      orgName: organizations.name,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.uid, apiKeys.userUid))
    .innerJoin(organizations, eq(organizations.id, apiKeys.orgId))
    .where(and(eq(apiKeys.keyHash, sql.placeholder("keyHash")), isNull(apiKeys.revokedAt), eq(users.disabled, false)))
    .limit(1)
    .prepare(statementName("studio_authenticate"));
}

/**
 * The principal cache: every request authenticates, and the lookup was one of the two database
 * round trips of a GET (bench/, issue 10). A key's principal is kept for PRINCIPAL_TTL_MS, and
 * every entry is dropped at once whenever keys, users or organizations change:
 * - in this process, synchronously: the code that changes them calls `principalsChanged()` after
 *   its commit, so the very next request here sees the change;
 * - from any process on the database (another app server, the CLI, psql): triggers on api_keys,
 *   users and organizations NOTIFY `studio_principals` on commit, and every server LISTENs.
 * While the LISTEN connection is down (or not yet up) nothing is cached: every request looks up.
 * PRINCIPAL_TTL_MS is only the backstop for a notification that never came.
 * A lookup that was under way when a change arrived is not cached (`generation`).
 */
export const PRINCIPAL_TTL_MS = 5_000;
const PRINCIPALS_CHANNEL = "studio_principals";
const RELISTEN_MS = 1_000;

type CachedPrincipal = { principal: Principal; lastUsedAt: Date | null; expiresAt: number };
type CachedClientId = { orgId: number; expiresAt: number };
type Subscription = { handle: ReturnType<typeof getDatabase>; ready: boolean };
type PrincipalCache = {
  entries: Map<string, CachedPrincipal>;
  clientIds: Map<string, CachedClientId>;
  generation: number;
  subscription?: Subscription;
};

// On globalThis: every bundle of the server process shares the one cache and its subscription.
const holder = globalThis as typeof globalThis & { __studioPrincipals?: PrincipalCache };
const cache: PrincipalCache = (holder.__studioPrincipals ??= { entries: new Map(), clientIds: new Map(), generation: 0 });

/** Forgets every cached principal and client id: call it after committing any change to keys, users or organizations. */
export function principalsChanged(): void {
  cache.generation += 1;
  cache.entries.clear();
  cache.clientIds.clear();
}

/** True while change notifications arrive from the database that is open now (only then is anything cached). */
export function cacheUsable(): boolean {
  const subscription = cache.subscription;
  return subscription !== undefined && subscription.ready && subscription.handle === currentDatabase();
}

function subscribe(): void {
  const handle = getDatabase();
  if (cache.subscription?.handle === handle) return;
  const subscription: Subscription = { handle, ready: false };
  cache.subscription = subscription;
  const dropped = () => {
    if (cache.subscription !== subscription) return false;
    cache.subscription = undefined;
    principalsChanged();
    // Again once the database is open; a closed one is subscribed to by the next request that opens it.
    setTimeout(() => currentDatabase() && subscribe(), RELISTEN_MS).unref();
    return true;
  };
  handle
    .then((opened) =>
      opened.listen(PRINCIPALS_CHANNEL, {
        notify: principalsChanged,
        lost: (error) => {
          if (dropped()) log.error({ err: error }, "principal change notifications lost; caching off until they are back");
        },
      }),
    )
    .then(
      () => {
        // Whatever was looked up before the subscription stood is not trusted.
        principalsChanged();
        subscription.ready = true;
      },
      () => dropped(),
    );
}

export async function authenticate(apiKey: string | null): Promise<Principal> {
  if (!apiKey) throw new StudioError("unauthenticated", "X-STUDIO-API-KEY header is required");
  const keyHash = hashApiKey(apiKey);
  const now = Date.now();
  const cached = cache.entries.get(keyHash);
  if (cached && cached.expiresAt > now && cacheUsable()) {
    if (!cached.lastUsedAt || now - cached.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      cached.lastUsedAt = new Date(now);
      stampLastUsed(await db(), cached.principal.keyId, cached.lastUsedAt);
    }
    return cached.principal;
  }
  subscribe();
  const generation = cache.generation;
  const database = await db();
  let lookup = lookups.get(database);
  if (!lookup) {
    lookup = prepareLookup(database);
    lookups.set(database, lookup);
  }
  const [row] = await lookup.execute({ keyHash });
  if (!row) {
    cache.entries.delete(keyHash);
    throw new StudioError("unauthenticated", "The API key is unknown or has been revoked, or its user is disabled");
  }

  let lastUsedAt = row.lastUsedAt;
  if (!lastUsedAt || now - lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    lastUsedAt = new Date(now);
    stampLastUsed(database, row.keyId, lastUsedAt);
  }
  const { lastUsedAt: _lastUsedAt, ...fields } = row;
  const principal: Principal = { ...fields, permissions: row.permissions.filter(isPermission) };
  if (cache.generation === generation && cacheUsable()) {
    cache.entries.set(keyHash, { principal, lastUsedAt, expiresAt: now + PRINCIPAL_TTL_MS });
  }
  return principal;
}

/**
 * The organization an X-Client-ID belongs to (undefined for an unknown one), kept under the same
 * rules as principals: every create resolves one (a round trip of its own, bench/ create phase),
 * client ids are only ever added, and an UPDATE or DELETE of one anywhere notifies like a key change.
 * Only known ids are kept, so made-up headers cannot grow the cache.
 */
export async function clientIdOrganization(clientId: string, lookup: () => Promise<number | undefined>): Promise<number | undefined> {
  const now = Date.now();
  const cached = cache.clientIds.get(clientId);
  if (cached && cached.expiresAt > now && cacheUsable()) return cached.orgId;
  subscribe();
  const generation = cache.generation;
  const orgId = await lookup();
  if (orgId === undefined) cache.clientIds.delete(clientId);
  else if (cache.generation === generation && cacheUsable()) cache.clientIds.set(clientId, { orgId, expiresAt: now + PRINCIPAL_TTL_MS });
  return orgId;
}

function stampLastUsed(database: Database, keyId: string, at: Date): void {
  // Best effort and off the request path: a lost "last used" stamp is harmless.
  void database
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(eq(apiKeys.id, keyId))
    .catch(() => undefined);
}

export function requirePermission(principal: Principal, permission: Permission): void {
  if (!principal.permissions.includes(permission)) {
    throw new StudioError("forbidden", `This API key's user lacks the ${permission} permission`);
  }
}
