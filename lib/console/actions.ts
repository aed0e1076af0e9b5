// Which workflow buttons a person sees: they hold the permission, the status allows the action,
// and (approve) they did not create the invoice. The Studio enforces the same rules; this only
// keeps buttons that would fail off the screen.
import { canApply, type InvoiceStatus } from "@/lib/studio/invoices/status";

export type ConsoleAction = "approve" | "reject" | "cancel" | "sign" | "refund" | "edit";

const PERMISSION: Record<ConsoleAction, string> = {
  approve: "transfer:approve",
  reject: "transfer:approve",
  cancel: "transfer:create",
  sign: "transfer:sign",
  refund: "transfer:sign",
  edit: "transfer:create",
};

type Subject = { status: InvoiceStatus; creator_uid: string; payment_intent: { received_crypto_amount: string | null } };

export function availableActions(invoice: Subject, viewer: { uid: string; permissions: readonly string[] }): ConsoleAction[] {
  return (Object.keys(PERMISSION) as ConsoleAction[]).filter((action) => {
    if (!viewer.permissions.includes(PERMISSION[action])) return false;
    if (action === "approve" && invoice.creator_uid === viewer.uid) return false;
    if (action === "cancel" && invoice.payment_intent.received_crypto_amount !== null) return false;
    return canApply(action === "edit" ? "update" : action, invoice.status);
  });
}
