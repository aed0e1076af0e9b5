import { and, eq, isNull } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { apiKeys, organizations, users } from "@/lib/studio/db/schema";
import { StudioError } from "@/lib/studio/errors";
import { hashApiKey } from "@/lib/studio/auth/api-keys";
import { isPermission, type Permission } from "@/lib/studio/auth/permissions";

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

export async function authenticate(apiKey: string | null): Promise<Principal> {
  if (!apiKey) throw new StudioError("unauthenticated", "X-STUDIO-API-KEY header is required");
  const database = await db();
  const [row] = await database
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
    .where(and(eq(apiKeys.keyHash, hashApiKey(apiKey)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) throw new StudioError("unauthenticated", "The API key is unknown or has been revoked");

  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Best effort and off the request path: a lost "last used" stamp is harmless.
    void database
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiKeys.id, row.keyId))
      .catch(() => undefined);
  }
  const { lastUsedAt: _lastUsedAt, ...principal } = row;
  return { ...principal, permissions: row.permissions.filter(isPermission) };
}

export function requirePermission(principal: Principal, permission: Permission): void {
  if (!principal.permissions.includes(permission)) {
    throw new StudioError("forbidden", `This API key's user lacks the ${permission} permission`);
  }
}
