// The shape every workflow owner's state table takes (invoices: product-decisions §1, payouts: §2).
// Plain data and functions: the one status-change function and the console read the same table.
import type { PaymentFacts, PaymentStatus } from "@/lib/studio/payment-intents/status";

export const STATUS_CATEGORIES = [
  "pending_review",
  "awaiting_payment",
  "action_required",
  "completed",
  "closed",
] as const;
export type StatusCategory = (typeof STATUS_CATEGORIES)[number];

/** What the nested payment status depends on beyond the owner's status. */
export type PaymentStatusFacts = { underpaid: boolean; amlHold?: boolean };

/** What a confirmed incoming transfer does: a table action, "record" (funds added, status stays) or "refuse". */
export type TransferEffect<Action extends string> = Action | "record" | "refuse";

/**
 * When a transfer arrived and what it adds up to: `late` past the payment deadline (or held for
 * compliance review), `covers` when the total received with it reaches the amount due.
 */
export type TransferArrival = { late: boolean; covers: boolean };

type Definition<Status extends string, Action extends string> = {
  /** The owner's name in messages: "invoice", "payout". */
  noun: string;
  statuses: readonly Status[];
  category: Record<Status, StatusCategory>;
  /** Which statuses each action may start from. */
  sources: Record<Action, readonly Status[]>;
  /** Where an allowed action leads; `payment` is given for actions that depend on funds. */
  target(action: Action, from: Status, payment: PaymentFacts | undefined): Status;
  /** A rule beyond the sources table (an invoice with funds can no longer be cancelled). */
  guard?(action: Action, from: Status, payment: PaymentFacts | undefined): boolean;
  paymentStatus(status: Status, facts: PaymentStatusFacts): PaymentStatus;
  transferEffect(status: Status, arrival: TransferArrival): TransferEffect<Action>;
};
// Methods, not function-typed properties: a machine of specific statuses and actions must be
// usable where any machine is expected (shared verbs handle every owner alike).

export class TransitionRefused extends Error {
  constructor(
    readonly action: string,
    readonly status: string,
    noun: string,
  ) {
    super(`Cannot ${action.replace("_", " ")} ${/^[aeiou]/.test(noun) ? "an" : "a"} ${noun} whose status is ${status}`);
  }
}

export type StateMachine<Status extends string, Action extends string> = Definition<Status, Action> & {
  canApply(action: Action, status: Status, payment?: PaymentFacts): boolean;
  /** Where `action` leads from `status`; throws TransitionRefused when the table has no such row. */
  nextStatus(action: Action, status: Status, payment?: PaymentFacts): Status;
  statusesIn(category: StatusCategory): Status[];
};

export function defineStateMachine<Status extends string, Action extends string>(
  definition: Definition<Status, Action>,
): StateMachine<Status, Action> {
  const canApply = (action: Action, status: Status, payment?: PaymentFacts) =>
    definition.sources[action].includes(status) && (definition.guard?.(action, status, payment) ?? true);
  return {
    ...definition,
    canApply,
    nextStatus(action, status, payment) {
      if (!canApply(action, status, payment)) throw new TransitionRefused(action, status, definition.noun);
      return definition.target(action, status, payment);
    },
    statusesIn(category) {
      return definition.statuses.filter((status) => definition.category[status] === category);
    },
  };
}
