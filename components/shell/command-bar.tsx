"use client";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { ShortcutsDialog } from "@/components/ui/shortcuts-dialog";
import { takesKeys } from "@/lib/console/keyboard";
import { leaveTo } from "@/lib/console/leave-guard";

// The palette's code (its query and listbox) loads on first use, not with every page.
const CommandPalette = dynamic(() => import("@/components/shell/command-palette").then((module) => module.CommandPalette), { ssr: false });

/** The console-wide keys, one table for the listener and the help dialog. A page may add its own (the inbox's j/k). */
const GO_TO: Record<string, { href: string; label: "goInvoices" | "goPayouts" | "goBalances" | "goDashboard" }> = {
  i: { href: "/invoices", label: "goInvoices" },
  p: { href: "/payouts", label: "goPayouts" },
  b: { href: "/balances", label: "goBalances" },
  d: { href: "/", label: "goDashboard" },
};
const SHORTCUTS: ReadonlyArray<[keys: string, meaning: "find" | "search" | "help" | (typeof GO_TO)[string]["label"]]> = [
  ["Ctrl K / ⌘ K", "find"],
  ["/", "search"],
  ...Object.entries(GO_TO).map(([key, { label }]): [string, typeof label] => [`g ${key}`, label]),
  ["?", "help"],
];
/** How long after `g` its second key still counts. */
const SEQUENCE_MS = 1500;

/**
 * The header's Find button and the keys that work on every console page: Ctrl/⌘-K opens the
 * command palette, `/` focuses the page's search, `g` then a letter goes to a section, `?` lists
 * them. Letter keys are ignored while the person types in a field or holds a modifier, and when a
 * page has already handled the key (its own `?`).
 */
export function CommandBar() {
  const router = useRouter();
  const t = useTranslations();
  const [open, setOpen] = useState<"palette" | "keys" | null>(null);
  const pendingG = useRef(0);
  const keyboard = useRef<(event: KeyboardEvent) => void>(() => {});
  keyboard.current = (event) => {
    if (event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.altKey) {
      event.preventDefault();
      setOpen("palette");
      return;
    }
    if (event.defaultPrevented || open !== null || event.ctrlKey || event.metaKey || event.altKey || takesKeys(event.target)) return;
    const afterG = Date.now() - pendingG.current < SEQUENCE_MS;
    pendingG.current = 0;
    if (afterG && GO_TO[event.key]) {
      event.preventDefault();
      leaveTo(GO_TO[event.key]!.href, (href) => router.push(href));
    } else if (event.key === "g") {
      pendingG.current = Date.now();
    } else if (event.key === "?") {
      event.preventDefault();
      setOpen("keys");
    } else if (event.key === "/") {
      const search = document.querySelector<HTMLInputElement>('main input[type="search"], #main input[type="search"]');
      if (!search) return;
      event.preventDefault();
      search.focus();
      search.select();
    }
  };
  useEffect(() => {
    // On window, so a page's own listeners (on document) see each key first and a page's `?` wins.
    const listener = (event: KeyboardEvent) => keyboard.current(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen("palette")}
        aria-keyshortcuts="Control+K Meta+K"
        className="flex items-center gap-2 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
      >
        {t("shell.find")}
        <kbd className="hidden rounded border border-slate-300 bg-slate-50 px-1 font-mono text-xs text-slate-600 sm:inline" aria-hidden="true">
          Ctrl K
        </kbd>
      </button>
      {open === "palette" ? <CommandPalette onClose={() => setOpen(null)} /> : null}
      <ShortcutsDialog open={open === "keys"} onClose={() => setOpen(null)} shortcuts={SHORTCUTS.map(([keys, meaning]) => [keys, t(`keys.${meaning}`)] as const)} />
    </>
  );
}
