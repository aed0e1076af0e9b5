import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";

/**
 * A dialog's last row, the same in every dialog: the way out ("Back" to the page or the step
 * before, "Cancel" when nothing has started) beside the one action the dialog exists for. The action
 * submits the dialog's form unless `onConfirm` is given. While it runs (`busy`) both are disabled:
 * leaving would not stop a request already sent, only hide its answer.
 */
export function DialogActions({
  leave = "Back",
  onLeave,
  confirm,
  onConfirm,
  busy = false,
  tone = "primary",
  className = "",
}: {
  leave?: "Back" | "Cancel";
  onLeave: () => void;
  confirm: React.ReactNode;
  onConfirm?: () => void;
  busy?: boolean;
  tone?: keyof typeof buttonClass;
  className?: string;
}) {
  const t = useTranslations("ui");
  return (
    <div className={`flex justify-end gap-2 ${className}`.trim()}>
      <button type="button" className={buttonClass.secondary} onClick={onLeave} disabled={busy}>
        {leave === "Back" ? t("back") : t("cancel")}
      </button>
      <button type={onConfirm ? "button" : "submit"} className={buttonClass[tone]} disabled={busy} onClick={onConfirm}>
        {confirm}
      </button>
    </div>
  );
}
