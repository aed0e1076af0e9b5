import "server-only";
// Withdrawal requests (issue 25): a withdrawal whose approval policy tier needs approvers waits as
// awaiting_approval, nothing sent or debited, until the last approval sends it (debit, chain send
// and status in one transaction) or an approver rejects it. The approval step is the one every
// reviewed kind takes (approvals/approval-step): maker-checker, distinct approvers, races.
import type { AuditAction } from "@/lib/studio/audit/actions";
import { and, eq } from "drizzle-orm";
import { db, type DbOrTx, type Tx } from "@/lib/db/client";
import { withdrawals } from "@/lib/studio/db/balances-schema";
import type { Principal } from "@/lib/studio/auth/principal";
import { recordAudit } from "@/lib/studio/audit/audit-log";
import { notFound, StudioError } from "@/lib/studio/core/errors";
import { parseUnits } from "@/lib/studio/core/money";
import { debit } from "@/lib/studio/balances/ledger";
import { planSend } from "@/lib/studio/chain/sends";
import { requireOnChainFunds } from "@/lib/studio/chain/evm/funds";
import { inTransaction } from "@/lib/studio/core/unit-of-work";
import { reviewFactsOf } from "@/lib/studio/approvals/approver-rules";
import { withdrawalSubject } from "@/lib/studio/withdrawals/subject";
import { approvalState } from "@/lib/studio/approvals/policies";
import { approvalReason } from "@/lib/studio/approvals/schemas";
import { countApprovals, takeApprovalStep } from "@/lib/studio/approvals/approval-step";
import type { RejectInput } from "@/lib/studio/workflow/schemas";
import { requireChain, requireContract } from "@/lib/studio/withdrawals/create-withdrawal";
import { serializeTransfer, type ApprovalProgress, type TransferRecord } from "@/lib/studio/withdrawals/serialize";

type WithdrawalRow = typeof withdrawals.$inferSelect;
type WithdrawalAction = "approve" | "reject";

/** What each reviewed withdrawal's policy asks and how many approvals it has, by id. */
export async function approvalProgressOf(database: DbOrTx, rows: readonly WithdrawalRow[]): Promise<Map<string, ApprovalProgress>> {
  const facts = await reviewFactsOf(database, rows.filter((row) => row.reviewStatus !== null).map(withdrawalSubject));
  return new Map([...facts].map(([id, fact]) => [id, { required: fact.requirement.required, collected: fact.collected.length }]));
}

// GET /asset_pro/transfer/{id}/approvals (extension): the policy step a withdrawal request is on.
export async function getWithdrawalApprovalState(input: { principal: Principal; id: string }) {
  const database = await db();
  const row = await findWithdrawal(database, input.principal.orgId, input.id, false);
  if (!row) throw notFound(`Transfer ${input.id}`);
  return approvalState(database, withdrawalSubject(row));
}

// POST /asset_pro/transfer/{id}/approve (extension): one approval; the last one sends it.
export function approveWithdrawal(input: { principal: Principal; id: string; now?: Date }): Promise<TransferRecord> {
  const { principal, id } = input;
  const now = input.now ?? new Date();
  return inTransaction(async (tx) => {
    // Read before the lock: an approval that commits while this request waits took the step it came for.
    const approvalsSeen = await countApprovals(tx, "withdrawal", id);
    const row = await lockAwaiting(tx, principal.orgId, id, "approve");
    const { step, requirement, last } = await takeApprovalStep(tx, { subject: withdrawalSubject(row), noun: "withdrawal", principal, approvalsSeen, now });
    const progress = { required: requirement.required, collected: step };
    const reason = approvalReason(step, requirement.required);
    if (!last) {
      await audit(tx, row, principal, "withdrawal.approval_recorded", { step, required: requirement.required, reason }, now);
      return serializeTransfer(row, null, progress);
    }
    // The last approval sends it, as an unreviewed withdrawal is sent: the chain must be able to pay
    // and the balance is debited in this transaction (short of either, the approval is refused too).
    const chain = requireChain(row.chainId);
    const token = requireContract(chain, row.tokenAddress);
    const units = parseUnits(row.amount, token.decimals);
    await requireOnChainFunds({ chain, orgId: row.orgId, token, units, tx });
    const send = await planSend(tx, {
      orgId: row.orgId,
      paymentIntentId: null,
      purpose: "withdrawal",
      chain,
      tokenAddress: token.address,
      to: row.walletAddress,
      amount: row.amount,
      now,
    });
    // Approved before the debit: its reservation ends here, so the debit does not count it twice.
    const [sent] = await tx
      .update(withdrawals)
      .set({ reviewStatus: "approved", sendId: send.id, txHash: send.txHash, reviewedAt: now })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.reviewStatus, "awaiting_approval")))
      .returning();
    if (!sent) throw new Error(`withdrawal ${id} left awaiting_approval under its row lock`);
    await audit(tx, row, principal, "withdrawal.approved", { step, required: requirement.required, reason, tx_hash: send.txHash }, now);
    await debit(tx, {
      key: { orgId: row.orgId, chainId: row.chainId, tokenAddress: row.tokenAddress, symbol: row.symbol, decimals: row.decimals },
      units,
      kind: "withdrawal",
      reference: `withdrawal:${id}`,
      withdrawalId: id,
      field: "amount",
      now,
    });
    return serializeTransfer(sent, "pending", progress);
  });
}

// POST /asset_pro/transfer/{id}/reject (extension): nothing is sent, the reason is kept.
export function rejectWithdrawal(input: { principal: Principal; id: string; request: RejectInput; now?: Date }): Promise<TransferRecord> {
  const { principal, id } = input;
  const now = input.now ?? new Date();
  return inTransaction(async (tx) => {
    const row = await lockAwaiting(tx, principal.orgId, id, "reject");
    const [rejected] = await tx
      .update(withdrawals)
      .set({ reviewStatus: "rejected", rejectReason: input.request.reason, reviewedAt: now })
      .where(eq(withdrawals.id, id))
      .returning();
    await audit(tx, row, principal, "withdrawal.rejected", { reason: input.request.reason }, now);
    const progress = (await approvalProgressOf(tx, [rejected!])).get(id);
    return serializeTransfer(rejected!, null, progress);
  });
}

/**
 * The status rule of a withdrawal action for studioRoute's `statusRule`: a refused body on an
 * unknown withdrawal is 404, on one no longer awaiting approval 409, as the verb would answer.
 */
export function withdrawalActionAllowed(action: WithdrawalAction) {
  // In the request's unit of work when one is open (as actionAllowed): on PGlite's one connection a
  // statement beside an open transaction waits for it forever.
  return (principal: Principal, id: string): Promise<void> =>
    inTransaction(async (tx) => {
      const row = await findWithdrawal(tx, principal.orgId, id, false);
      if (!row) throw notFound(`Transfer ${id}`);
      if (row.reviewStatus !== "awaiting_approval") throw notAwaiting(row, action);
    });
}

/** The withdrawal, locked, or 404; 409 unless it awaits approval (40901 when a concurrent decision took it while this request waited). */
async function lockAwaiting(tx: Tx, orgId: number, id: string, action: WithdrawalAction): Promise<WithdrawalRow> {
  const seen = await findWithdrawal(tx, orgId, id, false);
  const row = seen && (await findWithdrawal(tx, orgId, id, true));
  if (!row) throw notFound(`Transfer ${id}`);
  if (row.reviewStatus === "awaiting_approval") return row;
  if (seen.reviewStatus === "awaiting_approval") {
    throw new StudioError("lost_race", `The withdrawal was ${row.reviewStatus} while this request waited for it; read it again before retrying`);
  }
  throw notAwaiting(row, action);
}

function notAwaiting(row: WithdrawalRow, action: WithdrawalAction): StudioError {
  const status = row.reviewStatus ?? "sent without approval";
  return new StudioError("invalid_state", `Cannot ${action} a withdrawal that does not await approval (current status: ${status})`);
}

async function findWithdrawal(database: DbOrTx, orgId: number, id: string, lock: boolean): Promise<WithdrawalRow | undefined> {
  const query = database
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.orgId, orgId)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

function audit(tx: Tx, row: WithdrawalRow, principal: Principal, action: AuditAction, details: Record<string, unknown>, now: Date) {
  return recordAudit(tx, { orgId: row.orgId, actorUid: principal.uid, action, objectType: "withdrawal", objectId: row.id, details, now });
}
