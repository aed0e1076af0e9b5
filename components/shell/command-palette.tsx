"use client";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { inputClass } from "@/components/ui/button";
import { apiFetch } from "@/lib/console/api";
import { statusLabel } from "@/lib/console/format";
import type { LookupMatch } from "@/lib/console/types";

/** A pause in typing before the lookup goes out, so each keystroke is not a request. */
const TYPING_PAUSE_MS = 200;

const KIND: Record<LookupMatch["kind"], { noun: string; path: string }> = {
  invoice: { noun: "Invoice", path: "/invoices" },
  payout: { noun: "Payout", path: "/payouts" },
  payment_intent: { noun: "Payment intent", path: "/payment-intents" },
};

const MATCHED: Record<LookupMatch["matched"], string> = {
  number: "number",
  id: "id",
  payment_address: "deposit address",
  tx_hash: "transaction",
};

type Choice = { key: string; href: string; title: string; detail: string };

/** A hash or an address is long: its start and end are what people compare. */
const shortened = (text: string) => (text.length > 28 ? `${text.slice(0, 14)}…${text.slice(-8)}` : text);

/** The exact matches first, then the lists' free-text search for what was typed. */
function choicesFor(text: string, matches: LookupMatch[]): Choice[] {
  const found = matches.map((match) => ({
    key: `${match.kind}:${match.id}`,
    href: `${KIND[match.kind].path}/${encodeURIComponent(match.id)}`,
    title: `${KIND[match.kind].noun} ${match.label}`,
    detail: `${statusLabel(match.status)} · ${match.amount} ${match.token} on ${match.chain_id} · matched its ${MATCHED[match.matched]}`,
  }));
  const searches = (["invoice", "payout"] as const).map((kind) => ({
    key: `search:${kind}`,
    href: `${KIND[kind].path}?search=${encodeURIComponent(text)}`,
    title: `Search ${KIND[kind].noun.toLowerCase()}s for “${shortened(text)}”`,
    detail: "Recipient, organization, number or id containing it",
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
  const choices = text ? choicesFor(text, lookup.data ?? []) : [];
  const chosen = Math.min(active, Math.max(choices.length - 1, 0));
  useEffect(() => setActive(0), [text]);

  const go = (choice: Choice | undefined) => {
    if (!choice) return;
    onClose();
    router.push(choice.href);
  };
  const optionId = (index: number) => `${listId}-${index}`;
  const status = !text
    ? "Type a number, id, address or tx hash."
    : lookup.isError
      ? `The lookup failed: ${lookup.error.message}`
      : !settled
        ? "Looking…"
        : lookup.data?.length
          ? `${lookup.data.length} record${lookup.data.length === 1 ? "" : "s"} found.`
          : "No record has this number, id, address or tx hash.";

  return (
    <Dialog open onClose={onClose} title="Find a record">
      <input
        autoFocus
        type="text"
        role="combobox"
        aria-label="Number, id, address or tx hash"
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
      <ul id={listId} role="listbox" aria-label="Results" className="mt-2 max-h-80 overflow-y-auto">
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
