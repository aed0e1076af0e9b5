// What the team pages call permissions and audit actions, and where an audit row's object lives
// in the console. No framework imports.
import { INVOICES, pagePath, PAYMENT_INTENTS, PAYOUTS } from "@/lib/console/resources";

export const ORG_MANAGE_PERMISSION = "org:manage";

/** The permissions the team page toggles, in the order a person usually gains them. */
export const TEAM_PERMISSIONS = [
  { value: "transfer:read", label: "Read" },
  { value: "transfer:create", label: "Create" },
  { value: "transfer:approve", label: "Approve" },
  { value: "transfer:sign", label: "Sign" },
  { value: "org:manage", label: "Manage team" },
] as const;

/** The audit log's actions (issue 13 contract) as the filter offers them. */
export const AUDIT_ACTIONS: Record<string, string> = {
  "console.sign_in": "Signed in",
  "console.sign_in_failed": "Sign-in failed",
  "console.password_changed": "Password changed",
  "user.created": "Person invited",
  "user.updated": "Person changed",
  "api_key.created": "API key created",
  "api_key.revoked": "API key revoked",
  "invoice.approval_recorded": "Invoice approval recorded",
  "invoice.approved": "Invoice approved",
  "invoice.rejected": "Invoice rejected",
  "invoice.canceled": "Invoice canceled",
  "invoice.signed": "Invoice signed",
  "invoice.refunded": "Invoice refunded",
  "invoice.review_assigned": "Invoice review assigned",
  "payout.approval_recorded": "Payout approval recorded",
  "payout.approved": "Payout approved",
  "payout.rejected": "Payout rejected",
  "payout.refunded": "Payout refunded",
  "payout.review_assigned": "Payout review assigned",
  "withdrawal.created": "Withdrawal made",
  "webhook_secret.revealed": "Webhook secret revealed",
  "webhook_delivery.resent": "Webhook resent",
  "webhook_endpoint.created": "Webhook endpoint added",
  "webhook_endpoint.secret_rotated": "Webhook endpoint secret rotated",
  "webhook_endpoint.deleted": "Webhook endpoint deleted",
  "invoice_email.resent": "Invoice e-mail resent",
  "approval_policy.updated": "Approval policy changed",
};

export const AUDIT_OBJECT_TYPES: Record<string, string> = {
  user: "Person",
  api_key: "API key",
  invoice: "Invoice",
  payout: "Payout",
  payment_intent: "Payment intent",
  withdrawal: "Withdrawal",
  organization: "Organization",
  webhook_delivery: "Webhook delivery",
  webhook_endpoint: "Webhook endpoint",
  approval_policy: "Approval policy",
};

/** An action the log names that the console has no label for yet reads as itself. */
export const auditActionLabel = (action: string) => AUDIT_ACTIONS[action] ?? action;

/** The console page of the object an audit row names, when it has one. */
export function auditObjectHref(objectType: string, objectId: string): string | undefined {
  switch (objectType) {
    case "invoice":
      return pagePath(INVOICES, objectId);
    case "payout":
      return pagePath(PAYOUTS, objectId);
    case "payment_intent":
      return pagePath(PAYMENT_INTENTS, objectId);
    case "withdrawal":
      return "/balances";
    case "user":
      return `/settings/audit?object_type=user&object_id=${encodeURIComponent(objectId)}`;
    case "api_key":
      return "/settings/keys";
    case "approval_policy":
      return "/settings/approvals";
    case "webhook_delivery":
      return `/webhooks?delivery=${encodeURIComponent(objectId)}`;
    case "webhook_endpoint":
      return `/webhooks?endpoint_id=${encodeURIComponent(objectId)}`;
    default:
      return undefined;
  }
}

/** `stk_ab12…9xYz`: enough of a key to tell it apart, never the secret. */
export const maskedKey = (key: { prefix: string; last4: string }) => `${key.prefix}…${key.last4}`;
