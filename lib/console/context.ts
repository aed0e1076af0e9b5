import "server-only";
import { accountApiKey, rememberStudioUid } from "@/lib/console/accounts";
import { resolveSession, type Session } from "@/lib/console/sessions";
import { studioClient, type StudioClient } from "@/lib/console/studio-client";
import { createTtlCache } from "@/lib/console/ttl-cache";
import type { Me } from "@/lib/console/types";

export type ConsoleContext = { session: Session; client: StudioClient; me: () => Promise<Me> };

// Who each session is, for a few seconds: bounded in time and in size (least recently used out).
const ME_CACHE = { max: 1000, ttlMs: 15 * 1000 };
const meCache = createTtlCache<Me>(ME_CACHE);

/** The signed-in person's client (their decrypted key never leaves this module's callers on the server). */
export async function contextForToken(token: string | undefined): Promise<ConsoleContext | undefined> {
  const session = await resolveSession(token);
  if (!session) return undefined;
  const client = studioClient({ apiKey: accountApiKey(session.account), clientId: session.account.clientId });
  const me = async () => {
    const cached = meCache.get(session.tokenHash);
    if (cached) return cached;
    const fresh = await client.me();
    meCache.set(session.tokenHash, fresh);
    if (session.account.studioUid !== fresh.uid) await rememberStudioUid(session.account.id, fresh.uid);
    return fresh;
  };
  return { session, client, me };
}

export function forgetMe(tokenHash: string): void {
  meCache.delete(tokenHash);
}

/** What the browser may know about the person: no key, no secrets. */
export type Viewer = Me & { role: string };

export function roleOf(permissions: readonly string[]): string {
  if (permissions.includes("transfer:sign")) return "Admin";
  if (permissions.includes("transfer:approve")) return "Approver";
  if (permissions.includes("transfer:create")) return "Finance";
  return "Viewer";
}
