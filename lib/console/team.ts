import "server-only";
import { createHash } from "node:crypto";
import { findAccountByEmail, saveInvitedAccount } from "@/lib/console/accounts";
import type { ConsoleContext } from "@/lib/console/context";
import { generatePassword } from "@/lib/console/passwords";
import { StudioApiError } from "@/lib/console/studio-client";
import type { TeamUser } from "@/lib/console/types";

export type Invite = { name: string; email: string; permissions: string[] };
export type InviteResult = { user: TeamUser; email: string; password: string };

/** An invite that stopped part-way: the message says what exists now and that a retry continues. */
export class InviteIncomplete extends StudioApiError {}

// One invite is three Studio-side steps; each gets its own key derived from the invite's, so a
// retry of the invite replays the steps that went through and runs the rest.
const stepKey = (key: string | undefined, step: string) => (key === undefined ? undefined : createHash("sha256").update(`${key}\n${step}`).digest("hex"));

/**
 * Invites a person: the Studio user (POST /users), their API key (POST /api_keys), then their
 * console sign-in with a generated first password, which is answered once and stored only hashed.
 */
export async function invitePerson(ctx: ConsoleContext, invite: Invite, idempotencyKey: string | undefined): Promise<InviteResult> {
  const existing = await findAccountByEmail(invite.email);
  // A console sign-in with this email already exists: only the same invite, tried again, may go on.
  if (existing && (idempotencyKey === undefined || existing.clientId !== ctx.session.account.clientId)) {
    throw new StudioApiError(409, { code: 40900, message: "A console sign-in with this email address already exists" });
  }
  const user = await ctx.client.users.create(invite, { idempotencyKey: stepKey(idempotencyKey, "user") });
  const incomplete = (error: unknown, what: string): never => {
    const cause = error instanceof Error ? error.message : String(error);
    const status = error instanceof StudioApiError ? error.status : 500;
    throw new InviteIncomplete(status >= 500 || status === 401 ? 502 : status, {
      code: 50200,
      message: `${user.name} (${user.email}) is now in the team, but ${what}: ${cause}. Invite them again with the same details to finish; nothing is made twice.`,
    });
  };
  let apiKey: string;
  try {
    // A replay of the key step is 409/40903 (its secret is stored nowhere): the retry makes a key of its own.
    apiKey = await ctx.client.apiKeys
      .create(user.uid, { idempotencyKey: stepKey(idempotencyKey, "key") })
      .catch((error: unknown) => {
        if (error instanceof StudioApiError && error.body.code === 40903) return ctx.client.apiKeys.create(user.uid);
        throw error;
      })
      .then((created) => created.api_key);
  } catch (error) {
    return incomplete(error, "their API key could not be made");
  }
  const password = generatePassword();
  try {
    await saveInvitedAccount({
      email: invite.email,
      displayName: user.name,
      password,
      apiKey,
      clientId: ctx.session.account.clientId,
      studioUid: user.uid,
    });
  } catch (error) {
    return incomplete(error, "their console sign-in could not be saved");
  }
  return { user, email: user.email, password };
}

/** Names of the organization's people by uid (for key owners and audit actors); a few pages at most. */
export async function teamNames(ctx: ConsoleContext): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (let page = 1; page <= 20; page += 1) {
    const { data, paging } = await ctx.client.users.list(new URLSearchParams({ page: String(page), page_size: "100" }));
    for (const user of data) names.set(user.uid, user.name);
    if (page * paging.page_size >= paging.total_count || data.length === 0) break;
  }
  return names;
}
