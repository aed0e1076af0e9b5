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
