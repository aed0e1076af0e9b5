// One declaration per workflow action, beside the owners' state machines: the permission it
// needs, who may not take it, its request body and its summary. The Studio's route handlers,
// its OpenAPI entries and audit names, and the console's buttons and dialogs all read these
// tables, so a rule is written once. Pure data and zod: the console may import it.
import type { z } from "zod";
import type { Permission } from "@/lib/studio/auth/permissions";
import { cancelSchema, invoiceUpdateSchema, signSchema } from "@/lib/studio/invoices/schemas";
import { invoiceStateMachine } from "@/lib/studio/invoices/status";
import { receivedFacts, type PaymentFacts } from "@/lib/studio/payment-intents/status";
import { payoutUpdateSchema } from "@/lib/studio/payouts/schemas";
import { payoutStateMachine } from "@/lib/studio/payouts/status";
import { standaloneStateMachine } from "@/lib/studio/standalone-payments/status";
import { refundSchema, rejectSchema } from "@/lib/studio/workflow/schemas";
import { resolveSendSchema } from "@/lib/studio/chain/send-review-schemas";

export type ActionDeclaration = {
  /** The state-table action it takes ("edit" is the table's update). */
  transition: string;
  permission: Permission;
  /**
   * Who may not take it. "maker": whoever created the record or edited the version under review
   * (maker-checker; the Studio answers 403/40302).
   */
  refused?: "maker";
  /** The request body; `bodyOptional` when it may be left out entirely. None: no body is read. */
  body?: z.ZodType;
  bodyOptional?: boolean;
  summary: string;
  description?: string;
  /** How the audit log names it after the owner: `invoice.approved`. */
  audited: string;
  /** A reviewer's decision a record in its source statuses waits for: the dashboard's "awaits my action" counts them. */
  awaits?: true;
  /**
   * It sends tokens out of the organization's hands (settles, refunds, withdraws): the console asks
   * for the person's password again first when it is older than STEP_UP_MAX_AGE_MS (lib/console/step-up).
   */
  movesFunds?: true;
};

const MAKER_CHECKER =
  "Maker-checker: the user who created or last edited it cannot approve it (403/40302). Under an approval policy tier that needs " +
  "several distinct approvers, each approval but the last keeps it in approval_pending (logged \"approval 1 of 2\"); the same person " +
  "cannot approve twice (403/40302), a tier that needs org:manage refuses a last approval when no approver holds it (403/40300), " +
  "and an approval that another one overtook while it waited is 409/40901. A requested payment_deadline that has already passed " +
  "(beyond a minute of clock-skew grace) is 422/42200: approving would open a payment window that is already shut.";

export const INVOICE_ACTIONS = {
  approve: {
    transition: "approve", permission: "transfer:approve", refused: "maker", awaits: true,
    summary: "Approve an invoice: opens its payment address", description: MAKER_CHECKER, audited: "approved",
  },
  reject: { transition: "reject", permission: "transfer:approve", body: rejectSchema, summary: "Reject an invoice with a reason", audited: "rejected" },
  cancel: {
    transition: "cancel", permission: "transfer:create", body: cancelSchema, bodyOptional: true,
    summary: "Cancel an invoice before any funds arrive", audited: "canceled",
  },
  sign: {
    transition: "sign", permission: "transfer:sign", body: signSchema, bodyOptional: true, awaits: true,
    summary: "Sign a paid invoice: settles the funds",
    description: "An overpayment's excess is refunded to `refund_address`, which is then required.", audited: "signed", movesFunds: true,
  },
  refund: {
    transition: "refund", permission: "transfer:sign", body: refundSchema, summary: "Refund everything an invoice received", audited: "refunded", awaits: true, movesFunds: true,
  },
  edit: {
    transition: "update", permission: "transfer:create", body: invoiceUpdateSchema,
    summary: "Update an invoice intent, or resubmit a rejected one",
    description: "Changes only the fields it names; `null` clears a field the create request may leave out.", audited: "updated",
  },
} as const satisfies Record<string, ActionDeclaration>;

// A payout's creator may reject it (only approving is maker-checker), as for invoices.
export const PAYOUT_ACTIONS = {
  approve: {
    transition: "approve", permission: "transfer:approve", refused: "maker", awaits: true,
    summary: "Approve a payout: opens its funding address", description: MAKER_CHECKER, audited: "approved",
  },
  reject: { transition: "reject", permission: "transfer:approve", body: rejectSchema, summary: "Reject a payout with a reason", audited: "rejected" },
  refund: {
    transition: "refund", permission: "transfer:sign", body: refundSchema, summary: "Refund a payout's deposit", audited: "refunded", awaits: true, movesFunds: true,
  },
  edit: {
    transition: "update", permission: "transfer:create", body: payoutUpdateSchema,
    summary: "Update a payout intent, or resubmit a rejected one", audited: "updated",
  },
} as const satisfies Record<string, ActionDeclaration>;

export const PAYMENT_INTENT_ACTIONS = {
  refund: {
    transition: "refund", permission: "transfer:sign", body: refundSchema, summary: "Refund a payment's funds", audited: "refunded", awaits: true, movesFunds: true,
  },
} as const satisfies Record<string, ActionDeclaration>;

/**
 * A withdrawal request's decisions (POST /asset_pro/transfer/{id}/<name>): a withdrawal has no
 * state table of the owners' kind (it awaits approval or it does not), so it is not in OWNER_ACTIONS,
 * but its routes, OpenAPI entries and the console's inbox read these declarations the same way.
 */
export const WITHDRAWAL_ACTIONS = {
  approve: {
    transition: "approve", permission: "transfer:approve", refused: "maker", awaits: true,
    summary: "Approve a withdrawal request: the last approval its policy needs sends it",
    description:
      "Maker-checker: whoever requested it cannot approve it (403/40302), nor can the same person approve twice; a tier that needs " +
      "org:manage refuses a last approval when no approver holds it (403/40300); an approval that another one overtook while it waited " +
      "is 409/40901. The last approval debits the balance and sends the withdrawal in one transaction, or, short of funds, is refused " +
      "(422/42200) and changes nothing. A withdrawal that does not await approval is 409/40900.",
    audited: "approved", movesFunds: true,
  },
  reject: {
    transition: "reject", permission: "transfer:approve", body: rejectSchema,
    summary: "Reject a withdrawal request with a reason: nothing is sent", audited: "rejected",
  },
} as const satisfies Record<string, ActionDeclaration>;

/**
 * A chain send's decisions (POST /chain_sends/{id}/<name>): the send tracker holds a send whose
 * nonce was used with no receipt for any of its versions (needs_review) for a person to resolve.
 */
export const CHAIN_SEND_ACTIONS = {
  resolve: {
    transition: "resolve", permission: "org:manage", body: resolveSendSchema,
    summary: "Resolve a chain send held for review: it was sent (by a transaction checked on chain) or it failed (its debit credited back)",
    description:
      "Only a send in `needs_review` (409/40900 otherwise). `sent` names the transaction that made it: the Studio refuses it (422/42200) " +
      "unless the node has its receipt, successful, from the send's `from_address` with the send's nonce, and its logs show the send's token " +
      "moving the send's amount to its destination (a gas top-up: the native coin, to its destination). The send then follows that hash: " +
      "`confirmed` at the chain's depth, `sent` until then, and its withdrawal or payment names it. `failed` is refused (409/40900) while one " +
      "of the send's own transactions has a receipt; otherwise the send fails and what it took from the balance is credited back once. " +
      "Either way an audit row (`chain_send.resolved`) names who decided.",
    audited: "resolved", movesFunds: true,
  },
} as const satisfies Record<string, ActionDeclaration>;

/** Each owner's table, by the owner type the status log and audit log use. */
export const OWNER_ACTIONS = {
  invoice: INVOICE_ACTIONS,
  payout: PAYOUT_ACTIONS,
  payment_intent: PAYMENT_INTENT_ACTIONS,
} as const satisfies Record<string, Record<string, ActionDeclaration>>;
export type ActionOwnerType = keyof typeof OWNER_ACTIONS;

export type InvoiceActionName = keyof typeof INVOICE_ACTIONS;
export type PayoutActionName = keyof typeof PAYOUT_ACTIONS;
export type PaymentIntentActionName = keyof typeof PAYMENT_INTENT_ACTIONS;
export type WithdrawalActionName = keyof typeof WITHDRAWAL_ACTIONS;

/** The actions posted to `/{id}/<name>`: everything but edit, which is the record's PUT. */
export type PostedAction<A extends string> = Exclude<A, "edit">;
export function postedActions<A extends string>(table: Record<A, ActionDeclaration>): PostedAction<A>[] {
  return (Object.keys(table) as A[]).filter((name): name is PostedAction<A> => name !== "edit");
}

/** Whether the action `name` of `table` moves funds (false for a name the table does not declare). */
export function movesFunds(table: Record<string, ActionDeclaration>, name: string | undefined): boolean {
  return Boolean(name && Object.hasOwn(table, name) && table[name]!.movesFunds);
}

/** The audit name of a state-table action on an owner, or undefined when people do not take it. */
export function auditedName(ownerType: string, transition: string): string | undefined {
  const table = (OWNER_ACTIONS as Record<string, Record<string, ActionDeclaration>>)[ownerType];
  return table && Object.values(table).find((declaration) => declaration.transition === transition)?.audited;
}

type Machine = {
  canApply(action: string, status: string, payment?: PaymentFacts): boolean;
  sources: Record<string, readonly string[]>;
  category: Record<string, string>;
};

/** The status categories in which a record waits for a person (a settled payment may still be refunded, but waits for no one). */
const WAITING_CATEGORIES = new Set(["pending_review", "action_required"]);
const MACHINES: Record<ActionOwnerType, Machine> = {
  invoice: invoiceStateMachine as unknown as Machine,
  payout: payoutStateMachine as unknown as Machine,
  payment_intent: standaloneStateMachine as unknown as Machine,
};

/** A record as its API answer shows it: enough to decide which actions apply. */
export type ActionSubject = {
  status: string;
  creator_uid?: string;
  payment_intent?: { received_crypto_amount: string | null; crypto_amount: string; decimals: number; status: string };
};
export type ActionViewer = { uid: string; permissions: readonly string[] };

/**
 * The actions `viewer` may take on `subject`: they hold the permission, the state table allows it
 * from the current status (with the funds received, for guards such as "no cancel once paid"), and
 * they are not refused by the declaration (the creator, for maker-checker actions; an editor is
 * only known to the Studio, which refuses them with 40302).
 */
export function permittedActions<O extends ActionOwnerType>(ownerType: O, subject: ActionSubject, viewer: ActionViewer): (keyof (typeof OWNER_ACTIONS)[O])[] {
  const table = OWNER_ACTIONS[ownerType] as Record<string, ActionDeclaration>;
  const payment = subject.payment_intent ? paymentFacts(subject.payment_intent) : undefined;
  return Object.keys(table).filter((name) => {
    const declaration = table[name]!;
    if (!viewer.permissions.includes(declaration.permission)) return false;
    if (declaration.refused === "maker" && subject.creator_uid === viewer.uid) return false;
    return MACHINES[ownerType].canApply(declaration.transition, subject.status, payment);
  }) as (keyof (typeof OWNER_ACTIONS)[O])[];
}

function paymentFacts(pi: NonNullable<ActionSubject["payment_intent"]>): PaymentFacts | undefined {
  try {
    return receivedFacts({ receivedCryptoAmount: pi.received_crypto_amount, cryptoAmount: pi.crypto_amount, decimals: pi.decimals, status: pi.status });
  } catch {
    return undefined;
  }
}

/**
 * The statuses in which an owner's records wait for a decision of someone with `permissions`: the
 * sources of the `awaits` actions they may take, in a waiting category (pending review, action
 * required). `anyone` for every such record, `othersOnly` for records they did not create
 * (maker-checker actions; a status in both is in `anyone`).
 */
export function awaitingStatuses(ownerType: ActionOwnerType, permissions: readonly string[]): { anyone: string[]; othersOnly: string[] } {
  const anyone = new Set<string>();
  const othersOnly = new Set<string>();
  for (const declaration of Object.values(OWNER_ACTIONS[ownerType] as Record<string, ActionDeclaration>)) {
    if (!declaration.awaits || !permissions.includes(declaration.permission)) continue;
    const machine = MACHINES[ownerType];
    for (const status of machine.sources[declaration.transition] ?? []) {
      if (WAITING_CATEGORIES.has(machine.category[status] ?? "")) (declaration.refused === "maker" ? othersOnly : anyone).add(status);
    }
  }
  return { anyone: [...anyone], othersOnly: [...othersOnly].filter((status) => !anyone.has(status)) };
}
