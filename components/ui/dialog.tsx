"use client";
import { useEffect, useId, useRef } from "react";

/**
 * A modal on the native <dialog>: focus moves in, Escape closes, and focus returns to the control
 * that opened it both when it closes and when its owner unmounts it (a native dialog removed from
 * the page without close() would drop focus to <body>).
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      returnFocus(opener);
    }
  }, [open]);
  // Unmounted while open: the element is leaving the page, so hand focus back before it does.
  useEffect(() => () => returnFocus(opener), []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40 dark:backdrop:bg-black/60"
    >
      {open ? (
        <div className="p-5">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <div className="mt-3">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}

/** Focus back on the opener, when it is still on the page (an action that succeeded may have removed its button). */
function returnFocus(opener: React.RefObject<HTMLElement | null>) {
  const target = opener.current;
  opener.current = null;
  if (target?.isConnected) target.focus();
}
