import "server-only";
// GET /inbox (extension): everything waiting for the caller's approval across invoices and
// payouts. Withdrawals have no approval requests yet, so none appear. A record waits for me when
// approve would accept my approval of its next step (the approver rules) and its review is mine:
// assigned to me, unassigned, or assigned to someone who can no longer take that step (they
// approved it already, edited it, lost transfer:approve or were disabled), so no record is stranded.
import { and, eq, inArray } from "drizzle-orm";
import { db, type DbOrTx } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import { paymentIntents, users, type invoices } from "@/lib/studio/db/schema";
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { payoutOwner } from "@/lib/studio/payouts/owner";
import { approvalRefusal, reviewFactsOf, type Approver } from "@/lib/studio/approvals/approver-rules";
import { policyStep, type ApprovalRecordKind, type Inbox, type InboxRow } from "@/lib/studio/approvals/schemas";
import { INVOICE_ACTIONS, PAYOUT_ACTIONS } from "@/lib/workflow/actions";
import type { ReviewedOwnerTable } from "@/lib/studio/workflow/owner";

/** The rows one answer carries; `count` still counts every one. */
export const INBOX_ROWS = 500;

const KINDS = [
  { kind: "invoice", owner: invoiceOwner, permission: INVOICE_ACTIONS.approve.permission, number: (row: InboxSource) => row.invoiceNumber },
  { kind: "payout", owner: payoutOwner, permission: PAYOUT_ACTIONS.approve.permission, number: (row: InboxSource) => row.payoutNumber },
] as const;

type InboxSource = { invoiceNumber?: string; payoutNumber?: string };

type Waiting = { row: InboxRow; dueAt: number; since: number };

export async function getInbox(input: { principal: Principal }): Promise<Inbox> {
  const database = await db();
  const waiting: Waiting[] = [];
  for (const kind of KINDS) {
    if (!input.principal.permissions.includes(kind.permission)) continue;
    waiting.push(...(await waitingOf(database, kind, input.principal)));
  }
  // Due first (records without a due time after those with one), then the longest waiting.
  waiting.sort((a, b) => a.dueAt - b.dueAt || a.since - b.since || a.row.id.localeCompare(b.row.id));
  return { count: waiting.length, rows: waiting.slice(0, INBOX_ROWS).map((entry) => entry.row) };
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
      creatorUid: row.creatorUid,
    })),
  );
  const assignees = await approversByUid(database, principal.orgId, candidates.map(({ row }) => row.reviewAssigneeUid));
  const waiting: Waiting[] = [];
  for (const { row, paymentIntent } of candidates) {
    const recordFacts = facts.get(row.id)!;
    if (approvalRefusal(recordFacts, principal)) continue;
    const assignee = row.reviewAssigneeUid ? assignees.get(row.reviewAssigneeUid) : undefined;
    const assigneeCanAct = assignee !== undefined && assignee.permissions.includes(kind.permission) && !approvalRefusal(recordFacts, assignee);
    if (assigneeCanAct && assignee.uid !== principal.uid) continue;
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
