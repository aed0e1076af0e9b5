// Every action the audit log writes, declared once: `recordAudit` takes only these, and the
// console's audit filter and its labels (in both languages, checked by the catalogue's test) read
// this list, so a new action cannot reach the log without a name people can read. Pure data: the
// console may import it.
import { CHAIN_SEND_ACTIONS, OWNER_ACTIONS, WITHDRAWAL_ACTIONS } from "@/lib/workflow/actions";

/** What a console sign-in records, by its outcome (POST /team/sign_ins). */
export const SIGN_IN_ACTIONS = {
  succeeded: "console.sign_in",
  failed: "console.sign_in_failed",
  password_changed: "console.password_changed",
} as const;

type Owners = typeof OWNER_ACTIONS;
type OwnerType = keyof Owners;
type AuditedName<Table> = { [Name in keyof Table]: Table[Name] extends { audited: infer Audited extends string } ? Audited : never }[keyof Table];
/** A person's workflow verbs, as their declarations name them: `invoice.approved`, `payment_intent.refunded`. */
type WorkflowAuditAction = { [Owner in OwnerType]: `${Owner}.${AuditedName<Owners[Owner]>}` }[OwnerType];

const OWNER_TYPES = Object.keys(OWNER_ACTIONS) as OwnerType[];
const WORKFLOW_AUDIT_ACTIONS = [
  ...new Set(OWNER_TYPES.flatMap((owner) => Object.values(OWNER_ACTIONS[owner]).map(({ audited }) => `${owner}.${audited}` as WorkflowAuditAction))),
];

const REVIEWED_OWNER_TYPES = ["invoice", "payout"] as const satisfies OwnerType[];

/** What the chain watcher records on an owner (no person acts): a deposit it could not match, a payment a reorg took back. */
const CHAIN_AUDIT_ACTIONS = OWNER_TYPES.flatMap((owner) => [`${owner}.unmatched_deposit`, `${owner}.payment_reversed`] as const);

export const AUDIT_ACTIONS = [
  ...Object.values(SIGN_IN_ACTIONS),
  "user.created",
  "user.updated",
  "api_key.created",
  "api_key.revoked",
  ...WORKFLOW_AUDIT_ACTIONS,
  // The records people review: an assignment, and an approval short of the policy's last.
  ...REVIEWED_OWNER_TYPES.flatMap((owner) => [`${owner}.review_assigned`, `${owner}.approval_recorded`] as const),
  ...CHAIN_AUDIT_ACTIONS,
  "chain_send.failed",
  // A send whose row failed the custody check (chain/quarantine.ts): never signed or broadcast.
  "chain_send.quarantined",
  "chain_send.needs_review",
  ...Object.values(CHAIN_SEND_ACTIONS).map(({ audited }) => `chain_send.${audited}` as const),
  "withdrawal.created",
  ...Object.values(WITHDRAWAL_ACTIONS).map(({ audited }) => `withdrawal.${audited}` as const),
  "withdrawal.approval_recorded",
  "webhook_secret.revealed",
  "webhook_delivery.resent",
  "webhook_endpoint.created",
  "webhook_endpoint.secret_rotated",
  "webhook_endpoint.deleted",
  "invoice_email.resent",
  "approval_policy.updated",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
