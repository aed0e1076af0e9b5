import "server-only";
import { createHash } from "node:crypto";
import { findAccountByEmail, saveInvitedAccount } from "@/lib/console/accounts";
import type { ConsoleContext } from "@/lib/console/context";
import { generatePassword } from "@/lib/console/passwords";
import { StudioApiError, type StudioClient } from "@/lib/console/studio-client";
import { StudioError } from "@/lib/studio/core/errors";
import type { TeamUser } from "@/lib/console/types";

export type Invite = { name: string; email: string; permissions: string[] };
export type InviteResult = { user: TeamUser; email: string; password: string };

/** An invite that stopped part-way: the message says what exists now and that a retry continues. */
export class InviteIncomplete extends StudioApiError {}

// An invite is two steps: the Studio user (POST /users, with a key derived from the invite's, so a
// retry replays it), then the console sign-in with the person's first API key.
const stepKey = (key: string | undefined, step: string) => (key === undefined ? undefined : createHash("sha256").update(`${key}\n${step}`).digest("hex"));

/**
 * Invites a person: the Studio user (POST /users), then their console sign-in with a generated
 * first password, answered once and stored only hashed. Their API key is not asked for over the
 * API (POST /api_keys makes keys for oneself only): the invite makes it on the server and seals it
 * straight into the new sign-in, in one transaction (`saveInvitedAccount`), so nobody ever holds a
 * key acting as someone else. Once the sign-in exists, the invite is done: trying it again is 409
 * and never resets the first password.
 */
export async function invitePerson(ctx: ConsoleContext, invite: Invite, idempotencyKey: string | undefined): Promise<InviteResult> {
  if (await findAccountByEmail(invite.email)) {
    throw new StudioApiError(409, { code: 40900, message: "A console sign-in with this email address already exists; its first password was shown once and is not reset" });
  }
  const inviter = await ctx.me();
  const user = await ctx.client.users.create(invite, { idempotencyKey: stepKey(idempotencyKey, "user") });
  const password = generatePassword();
  try {
    await saveInvitedAccount({
      email: invite.email,
      displayName: user.name,
      password,
      clientId: ctx.session.account.clientId,
      studioUid: user.uid,
      inviterUid: inviter.uid,
    });
  } catch (error) {
    if (error instanceof StudioError && error.kind === "invalid_state" && (await findAccountByEmail(invite.email))) {
      // A concurrent try of the same invite finished first.
      throw new StudioApiError(error.http, { code: error.code, message: error.message });
    }
    const cause = error instanceof Error ? error.message : String(error);
    const status = error instanceof StudioError ? error.http : 500;
    throw new InviteIncomplete(status >= 500 ? 502 : status, {
      code: error instanceof StudioError ? error.code : 50200,
      message: `${user.name} (${user.email}) is now in the team, but their console sign-in could not be made: ${cause}. Invite them again with the same details to finish; nothing is made twice.`,
    });
  }
  return { user, email: user.email, password };
}

/** Names of the organization's people by uid (for key owners and audit actors); a few pages at most. */
export async function teamNames(client: StudioClient): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (let page = 1; page <= 20; page += 1) {
    const { data, paging } = await client.users.list(new URLSearchParams({ page: String(page), page_size: "100" }));
    for (const user of data) names.set(user.uid, user.name);
    if (page * paging.page_size >= paging.total_count || data.length === 0) break;
  }
  return names;
}
