"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { holdLeaving } from "@/lib/console/leave-guard";

/** Marks a link that leaves on purpose (a form's Discard): it never asks. */
export const LEAVES_ON_PURPOSE = { "data-discards": "" } as const;

/** The link a click would follow inside the console, or null for clicks the browser should keep. */
function consoleLinkOf(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download") || link.hasAttribute("data-discards")) return null;
  if (link.target && link.target !== "_self") return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  // A link to a part of this same page leaves nothing behind.
  if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * While `unsaved`, leaving the page asks first: closing or reloading the tab gets the browser's own
 * question, a link or the console's keys get a dialog that stays or leaves without saving.
 */
export function UnsavedChangesGuard({ unsaved }: { unsaved: boolean }) {
  const t = useTranslations("forms.unsaved");
  const router = useRouter();
  const [leavingFor, setLeavingFor] = useState<string | null>(null);

  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chromium before 119 and Safari still ask only when returnValue is set.
      event.returnValue = "";
    };
    // Capture, so the question comes before Next's link handler navigates.
    const onClick = (event: MouseEvent) => {
      const href = consoleLinkOf(event);
      if (href === null) return;
      event.preventDefault();
      event.stopPropagation();
      setLeavingFor(href);
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    const release = holdLeaving(setLeavingFor);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
      release();
    };
  }, [unsaved]);

  const leave = () => {
    const href = leavingFor;
    setLeavingFor(null);
    // Straight to the router: the page's own guard is not asked again.
    if (href !== null) router.push(href);
  };

  return (
    <Dialog open={leavingFor !== null} onClose={() => setLeavingFor(null)} title={t("title")}>
      <p className="text-sm text-slate-700">{t("body")}</p>
      <DialogActions className="mt-5" onLeave={() => setLeavingFor(null)} confirm={t("leave")} onConfirm={leave} tone="danger" />
    </Dialog>
  );
}
