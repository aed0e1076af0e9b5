// Which workflow buttons a person sees: they hold the permission, the owner's state table allows
// the action from the current status (with the funds received, for guards such as "no cancel once
// paid"), and, for maker-checker actions, they did not create the record. The Studio enforces the
// same rules; this only keeps buttons that would fail off the screen.
import { invoiceStateMachine } from "@/lib/studio/invoices/status";
import { receivedFacts, type PaymentFacts } from "@/lib/studio/payment-intents/status";
import { payoutStateMachine } from "@/lib/studio/payouts/status";
import { standaloneStateMachine, type StandaloneStatus } from "@/lib/studio/standalone-payments/status";

type Permission = "transfer:create" | "transfer:approve" | "transfer:sign";
/** `transition`: the state-table action behind the button ("edit" is an update). */
type ActionRule = { permission: Permission; transition: string; makerChecker?: boolean };

type Subject = {
  status: string;
  creator_uid: string;
  payment_intent: { received_crypto_amount: string | null; crypto_amount: string; decimals: number; status: string };
};
type Viewer = { uid: string; permissions: readonly string[] };
type Machine = { canApply(action: string, status: string, payment?: PaymentFacts): boolean };

const INVOICE_RULES = {
  approve: { permission: "transfer:approve", transition: "approve", makerChecker: true },
  reject: { permission: "transfer:approve", transition: "reject" },
  cancel: { permission: "transfer:create", transition: "cancel" },
  sign: { permission: "transfer:sign", transition: "sign" },
  refund: { permission: "transfer:sign", transition: "refund" },
  edit: { permission: "transfer:create", transition: "update" },
} as const satisfies Record<string, ActionRule>;

// A payout's creator may neither approve nor reject it.
const PAYOUT_RULES = {
  approve: { permission: "transfer:approve", transition: "approve", makerChecker: true },
  reject: { permission: "transfer:approve", transition: "reject", makerChecker: true },
  refund: { permission: "transfer:sign", transition: "refund" },
  edit: { permission: "transfer:create", transition: "update" },
} as const satisfies Record<string, ActionRule>;

export type InvoiceConsoleAction = keyof typeof INVOICE_RULES;
export type PayoutConsoleAction = keyof typeof PAYOUT_RULES;

function permitted<A extends string>(rules: Record<A, ActionRule>, machine: Machine, subject: Subject, viewer: Viewer): A[] {
  const payment = paymentFacts(subject.payment_intent);
  return (Object.keys(rules) as A[]).filter((action) => {
    const rule = rules[action];
    if (!viewer.permissions.includes(rule.permission)) return false;
    if (rule.makerChecker && subject.creator_uid === viewer.uid) return false;
    return machine.canApply(rule.transition, subject.status, payment);
  });
}

function paymentFacts(pi: Subject["payment_intent"]): PaymentFacts | undefined {
  try {
    return receivedFacts({ receivedCryptoAmount: pi.received_crypto_amount, cryptoAmount: pi.crypto_amount, decimals: pi.decimals, status: pi.status });
  } catch {
    return undefined;
  }
}

export const invoiceActions = (invoice: Subject, viewer: Viewer) =>
  permitted(INVOICE_RULES, invoiceStateMachine as unknown as Machine, invoice, viewer);

export const payoutActions = (payout: Subject, viewer: Viewer) =>
  permitted(PAYOUT_RULES, payoutStateMachine as unknown as Machine, payout, viewer);

/** A standalone payment intent has one console action: refund what it received (transfer:sign). */
export function paymentIntentActions(intent: { status: string }, viewer: Viewer): "refund"[] {
  if (!viewer.permissions.includes("transfer:sign")) return [];
  return standaloneStateMachine.canApply("refund", intent.status as StandaloneStatus) ? ["refund"] : [];
}
