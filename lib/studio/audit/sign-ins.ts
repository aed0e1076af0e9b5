import "server-only";
// Console sign-ins (and password changes) are audited by the service: the console checks the password, then reports the
// outcome with the person's own key, and a sign-in whose row cannot be written does not happen.
import type { Principal } from "@/lib/studio/auth/principal";
import { inTransaction } from "@/lib/studio/core/unit-of-work";
import { recordAudit, serializeAuditRow } from "@/lib/studio/audit/audit-log";
import { SIGN_IN_ACTIONS } from "@/lib/studio/audit/actions";
import type { SignInInput } from "@/lib/studio/orgs/team-schemas";

export function recordSignIn(input: { principal: Principal; request: SignInInput }) {
  const { principal, request } = input;
  return inTransaction(async (tx) => {
    const row = await recordAudit(tx, {
      orgId: principal.orgId,
      actorUid: principal.uid,
      action: SIGN_IN_ACTIONS[request.outcome],
      objectType: "user",
      objectId: principal.uid,
      details: { ...(request.ip !== undefined ? { ip: request.ip } : {}), ...(request.user_agent !== undefined ? { user_agent: request.user_agent } : {}) },
    });
    return serializeAuditRow(row);
  });
}
