"use client";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

/** The `?` dialog: each key (or sequence) and what it does. */
export function ShortcutsDialog({ open, onClose, shortcuts }: { open: boolean; onClose: () => void; shortcuts: ReadonlyArray<readonly [keys: string, meaning: string]> }) {
  const t = useTranslations();
  return (
    <Dialog open={open} onClose={onClose} title={t("keys.title")}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {shortcuts.map(([keys, meaning]) => (
          <div key={keys} className="contents">
            <dt>
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono">{keys}</kbd>
            </dt>
            <dd className="text-slate-800">{meaning}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex justify-end">
        <button type="button" className={buttonClass.secondary} onClick={onClose}>
          {t("common.close")}
        </button>
      </div>
    </Dialog>
  );
}
