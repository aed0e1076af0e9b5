"use client";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { inputClass } from "@/components/ui/button";
import { apiFetch } from "@/lib/console/api";
import { useStatusLabel } from "@/lib/console/i18n/use-format";
import { leaveTo } from "@/lib/console/leave-guard";
import type { LookupMatch } from "@/lib/console/types";

/** A pause in typing before the lookup goes out, so each keystroke is not a request. */
const TYPING_PAUSE_MS = 200;

const PATH: Record<LookupMatch["kind"], string> = {
  invoice: "/invoices",
  payout: "/payouts",
  payment_intent: "/payment-intents",
};

type Choice = { key: string; href: string; title: string; detail: string };

/** A hash or an address is long: its start and end are what people compare. */
const shortened = (text: string) => (text.length > 28 ? `${text.slice(0, 14)}…${text.slice(-8)}` : text);

/** The exact matches first, then the lists' free-text search for what was typed. */
function choicesFor(text: string, matches: LookupMatch[], t: ReturnType<typeof useTranslations<"palette">>, statusLabel: (status: string) => string): Choice[] {
  const found = matches.map((match) => ({
    key: `${match.kind}:${match.id}`,
    href: `${PATH[match.kind]}/${encodeURIComponent(match.id)}`,
    title: `${t(`kind.${match.kind}`)} ${match.label}`,
    detail: t("detail", { status: statusLabel(match.status), amount: match.amount, token: match.token, chain: match.chain_id, matched: t(`matched.${match.matched}`) }),
  }));
  const searches = (["invoice", "payout"] as const).map((kind) => ({
    key: `search:${kind}`,
    href: `${PATH[kind]}?search=${encodeURIComponent(text)}`,
    title: t(kind === "invoice" ? "searchInvoice" : "searchPayout", { text: shortened(text) }),
    detail: t("searchDetail"),
  }));
  return [...found, ...searches];
}

/**
 * Ctrl/⌘-K: type an invoice or payout number, a record id, a deposit address or a tx hash and go
 * straight to its record (GET /lookup, exact matches), or search the lists for the text. A
 * combobox: arrows move through the results, Enter opens one, Escape closes.
 */
export function CommandPalette({ onClose }: { onClose: () => void }) {
  const router = useRouter();
  const t = useTranslations("palette");
  const statusLabel = useStatusLabel();
  const [typed, setTyped] = useState("");
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setText(typed.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const lookup = useQuery({
    queryKey: ["lookup", text],
    queryFn: () => apiFetch<{ data: LookupMatch[] }>(`/api/lookup?q=${encodeURIComponent(text)}`).then((body) => body.data),
    enabled: text.length > 0,
    staleTime: 10_000,
  });
  const settled = text === typed.trim() && !lookup.isFetching;
  const choices = text ? choicesFor(text, lookup.data ?? [], t, statusLabel) : [];
  const chosen = Math.min(active, Math.max(choices.length - 1, 0));
  useEffect(() => setActive(0), [text]);

  const go = (choice: Choice | undefined) => {
    if (!choice) return;
    onClose();
    leaveTo(choice.href, (href) => router.push(href));
  };
  const optionId = (index: number) => `${listId}-${index}`;
  const status = !text
    ? t("hint")
    : lookup.isError
      ? t("failed", { message: lookup.error.message })
      : !settled
        ? t("looking")
        : lookup.data?.length
          ? t("found", { count: lookup.data.length })
          : t("none");

  return (
    <Dialog open onClose={onClose} title={t("title")}>
      <input
        autoFocus
        type="text"
        role="combobox"
        aria-label={t("inputLabel")}
        aria-expanded={choices.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={choices.length ? optionId(chosen) : undefined}
        autoComplete="off"
        spellCheck={false}
        className={inputClass}
        placeholder="INV-2026-0042, 0x…"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            const step = event.key === "ArrowDown" ? 1 : -1;
            setActive((chosen + step + choices.length) % Math.max(choices.length, 1));
          } else if (event.key === "Enter") {
            event.preventDefault();
            // Enter before the lookup answered waits for it rather than taking the list search.
            if (settled) go(choices[chosen]);
          }
        }}
      />
      <p role="status" className="mt-2 text-sm text-slate-700">
        {status}
      </p>
      <ul id={listId} role="listbox" aria-label={t("results")} className="mt-2 max-h-80 overflow-y-auto">
        {choices.map((choice, index) => (
          <li
            key={choice.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === chosen}
            onMouseEnter={() => setActive(index)}
            onClick={() => go(choice)}
            className={`cursor-pointer rounded-md px-3 py-2 ${index === chosen ? "bg-indigo-50 text-indigo-900" : "text-slate-800"}`}
          >
            <span className="block break-all font-medium">{choice.title}</span>
            <span className="block break-all text-xs text-slate-700">{choice.detail}</span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
