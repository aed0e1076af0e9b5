import "server-only";
import { db } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import { approvalState } from "@/lib/studio/approvals/policies";
import { reviewedRecord } from "@/lib/studio/workflow/verbs";
import { getIntentOrThrow, type AnyOwner } from "@/lib/studio/workflow/owner";

// GET /{invoice|payout}/intent/{id}/approvals: the policy step the record is on.
export async function getApprovalState(owner: AnyOwner, input: { principal: Principal; id: string }) {
  const database = await db();
  const current = await getIntentOrThrow(database, owner, input.principal.orgId, input.id);
  return approvalState(database, reviewedRecord(owner, current));
}
