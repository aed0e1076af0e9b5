import "server-only";
import { accountApiKey, mustChangePassword, rememberStudioUid } from "@/lib/console/accounts";
import { endAccountSessions, resolveSession, type Session } from "@/lib/console/sessions";
import { studioClient, type StudioClient } from "@/lib/console/studio-client";
import type { Me } from "@/lib/console/types";

export type ConsoleContext = { session: Session; client: StudioClient; me: () => Promise<Me> };

/**
 * The signed-in person's client (their decrypted key never leaves this module's callers on the server).
 *
 * Who the person is (GET /me) is asked once per request and never kept longer: a permission an
 * admin takes away, or a disabled account, shows on the person's very next request (issue 13).
 * A 401 from the Studio means the key itself is dead (revoked, or its person disabled): every
 * console session of that account ends there, so the next page is the sign-in page.
 *
 * A session started with an invite's first password counts as none here, so every console page
 * and route refuses it by default; only the password change asks for it (`firstPassword: "allow"`).
 */
export async function contextForToken(token: string | undefined, options: { firstPassword?: "allow" } = {}): Promise<ConsoleContext | undefined> {
  const session = await resolveSession(token);
  if (!session) return undefined;
  if (mustChangePassword(session.account) && options.firstPassword !== "allow") return undefined;
  const client = studioClient({
    apiKey: accountApiKey(session.account),
    clientId: session.account.clientId,
    onUnauthorized: () => endAccountSessions(session.account.id),
  });
  let asked: Promise<Me> | undefined;
  const me = () =>
    (asked ??= client.me().then(async (fresh) => {
      if (session.account.studioUid !== fresh.uid) await rememberStudioUid(session.account.id, fresh.uid);
      return fresh;
    }));
  return { session, client, me };
}

/** What the browser may know about the person: no key, no secrets. */
export type Viewer = Me & { role: string };

export function roleOf(permissions: readonly string[]): string {
  if (permissions.includes("transfer:sign")) return "Admin";
  if (permissions.includes("transfer:approve")) return "Approver";
  if (permissions.includes("transfer:create")) return "Finance";
  return "Viewer";
}
