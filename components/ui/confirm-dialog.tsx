"use client";
import { ErrorNote } from "@/components/payments/detail";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";

/**
 * Asks before an action that cannot be undone (revoke a key, disable a person, delete an
 * endpoint): what follows from it, the error of a try that failed, then Cancel and the action,
 * which stays disabled while it runs so a second click never sends it twice.
 */
export function ConfirmDialog({
  open = true,
  onClose,
  title,
  children,
  error,
  action,
  running,
  pending,
  onConfirm,
}: {
  open?: boolean;
  onClose: () => void;
  title: string;
  children: React.ReactNode;
  error?: string | null;
  /** The action button's label, e.g. "Revoke key". */
  action: string;
  /** Its label while it runs, e.g. "Revoking…". */
  running: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      {children}
      {error ? (
        <div className="mt-3">
          <ErrorNote>{error}</ErrorNote>
        </div>
      ) : null}
      <DialogActions leave="Cancel" onLeave={onClose} onConfirm={onConfirm} busy={pending} tone="danger" confirm={pending ? running : action} className="mt-5" />
    </Dialog>
  );
}
