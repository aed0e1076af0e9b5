import "server-only";
// GET /inbox (extension): everything waiting for the caller's approval across invoices, payouts
// and withdrawal requests. A record waits for me when
// approve would accept my approval of its next step (the approver rules) and its review is mine:
// assigned to me, unassigned, or assigned to someone who can no longer take that step (they
// approved it already, edited it, lost transfer:approve or were disabled), so no record is stranded.
import { and, eq, inArray } from "drizzle-orm";
import { db, type DbOrTx } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import { withdrawals } from "@/lib/studio/db/balances-schema";
import { type invoices } from "@/lib/studio/db/invoices-schema";
import { users } from "@/lib/studio/db/orgs-schema";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { payoutOwner } from "@/lib/studio/payouts/owner";
import { approvalRefusal, reviewFactsOf, type Approver, type ReviewFacts } from "@/lib/studio/approvals/approver-rules";
import { policyStep, type ApprovalRecordKind, type Inbox, type InboxQuery, type InboxRow } from "@/lib/studio/approvals/schemas";
import { INVOICE_ACTIONS, PAYOUT_ACTIONS, WITHDRAWAL_ACTIONS } from "@/lib/workflow/actions";
import { withdrawalSubject } from "@/lib/studio/withdrawals/subject";
import { tokenAmount } from "@/lib/studio/payment-intents/serialize";
import type { ReviewedOwnerTable } from "@/lib/studio/workflow/owner";

const KINDS = [
  { kind: "invoice", owner: invoiceOwner, permission: INVOICE_ACTIONS.approve.permission, number: (row: InboxSource) => row.invoiceNumber },
  { kind: "payout", owner: payoutOwner, permission: PAYOUT_ACTIONS.approve.permission, number: (row: InboxSource) => row.payoutNumber },
] as const;

type InboxSource = { invoiceNumber?: string; payoutNumber?: string };

type Waiting = { row: InboxRow; dueAt: number; since: number };

export async function getInbox(input: { principal: Principal; query: InboxQuery }): Promise<Inbox> {
  const database = await db();
  const waiting: Waiting[] = [];
  for (const kind of KINDS) {
    if (!input.principal.permissions.includes(kind.permission)) continue;
    waiting.push(...(await waitingOf(database, kind, input.principal)));
  }
  if (input.principal.permissions.includes(WITHDRAWAL_ACTIONS.approve.permission)) waiting.push(...(await waitingWithdrawals(database, input.principal)));
  // Due first (records without a due time after those with one), then the longest waiting.
  waiting.sort((a, b) => a.dueAt - b.dueAt || a.since - b.since || a.row.id.localeCompare(b.row.id));
  return { count: waiting.length, rows: waiting.slice(0, input.query.limit).map((entry) => entry.row) };
}

async function waitingOf(database: DbOrTx, kind: (typeof KINDS)[number], principal: Principal): Promise<Waiting[]> {
  const table = kind.owner.table as ReviewedOwnerTable as typeof invoices;
  const candidates = await database
    .select({ row: table, paymentIntent: paymentIntents })
    .from(table)
    .innerJoin(paymentIntents, eq(paymentIntents.id, table.paymentIntentId))
    // The statuses approve may start from, as the owner's state table says.
    .where(and(eq(table.orgId, principal.orgId), inArray(table.status, [...kind.owner.machine.sources.approve])));
  if (candidates.length === 0) return [];
  const facts = await reviewFactsOf(
    database,
    candidates.map(({ row, paymentIntent }) => ({
      ownerType: kind.kind,
      id: row.id,
      orgId: row.orgId,
      status: row.status,
      updatedAt: row.updatedAt,
      amountUsd: paymentIntent.cryptoAmount,
      chainId: paymentIntent.chainId,
      token: paymentIntent.tokenSymbol,
      creatorUid: row.creatorUid,
    })),
  );
  const assignees = await approversByUid(database, principal.orgId, candidates.map(({ row }) => row.reviewAssigneeUid));
  const waiting: Waiting[] = [];
  for (const { row, paymentIntent } of candidates) {
    const recordFacts = facts.get(row.id)!;
    const assignee = row.reviewAssigneeUid ? assignees.get(row.reviewAssigneeUid) : undefined;
    if (!waitsFor(recordFacts, principal, assignee, kind.permission)) continue;
    const step = recordFacts.collected.length + 1;
    const required = recordFacts.requirement.required;
    waiting.push({
      dueAt: row.reviewDueAt?.getTime() ?? Number.POSITIVE_INFINITY,
      since: row.updatedAt.getTime(),
      row: {
        kind: kind.kind as ApprovalRecordKind,
        id: row.id,
        number: kind.number(row as InboxSource) ?? row.id,
        amount: paymentIntent.cryptoAmount,
        token: paymentIntent.tokenSymbol,
        chain: paymentIntent.chainId,
        decimals: paymentIntent.decimals,
        recipient_name: row.recipientName,
        recipient_email: row.recipientEmail,
        step,
        required,
        policy_step: policyStep(step, required),
        assigned_reviewer: assignee ? { uid: assignee.uid, name: assignee.name } : null,
        review_due_at: row.reviewDueAt?.toISOString() ?? null,
        waiting_since: row.updatedAt.toISOString(),
      },
    });
  }
  return waiting;
}

/**
 * Whether a record waits for `principal`: approve would accept their approval of its next step,
 * and its review is not assigned to someone else who can still take that step.
 */
function waitsFor(facts: ReviewFacts, principal: Principal, assignee: Approver | undefined, permission: string): boolean {
  if (approvalRefusal(facts, principal)) return false;
  const assigneeCanAct = assignee !== undefined && assignee.permissions.includes(permission) && !approvalRefusal(facts, assignee);
  return !assigneeCanAct || assignee.uid === principal.uid;
}

/** Withdrawal requests awaiting approval: never assigned, never due. */
async function waitingWithdrawals(database: DbOrTx, principal: Principal): Promise<Waiting[]> {
  const candidates = await database
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.orgId, principal.orgId), eq(withdrawals.reviewStatus, "awaiting_approval")));
  const facts = await reviewFactsOf(database, candidates.map(withdrawalSubject));
  const waiting: Waiting[] = [];
  for (const row of candidates) {
    const recordFacts = facts.get(row.id)!;
    if (!waitsFor(recordFacts, principal, undefined, WITHDRAWAL_ACTIONS.approve.permission)) continue;
    const step = recordFacts.collected.length + 1;
    const required = recordFacts.requirement.required;
    waiting.push({
      dueAt: Number.POSITIVE_INFINITY,
      since: row.createdAt.getTime(),
      row: {
        kind: "withdrawal",
        id: row.id,
        number: row.id,
        amount: tokenAmount(row.amount, row.decimals) as string,
        token: row.symbol,
        chain: row.chainId,
        decimals: row.decimals,
        recipient_name: row.walletAddress,
        recipient_email: null,
        step,
        required,
        policy_step: policyStep(step, required),
        assigned_reviewer: null,
        review_due_at: null,
        waiting_since: row.createdAt.toISOString(),
      },
    });
  }
  return waiting;
}

/** The enabled people among `uids`, with what the approver rules read of them. */
async function approversByUid(database: DbOrTx, orgId: number, uids: (string | null)[]): Promise<Map<string, Approver & { name: string }>> {
  const wanted = [...new Set(uids.filter((uid): uid is string => uid !== null))];
  if (wanted.length === 0) return new Map();
  const people = await database
    .select({ uid: users.uid, name: users.name, permissions: users.permissions })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.disabled, false), inArray(users.uid, wanted)));
  return new Map(people.map((person) => [person.uid, person]));
}
