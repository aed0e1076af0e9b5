"use client";
import "@/lib/console/zod-csp";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ShortcutsDialog } from "@/components/ui/shortcuts-dialog";
import { StepUpForm } from "@/components/ui/step-up-form";
import { rangeOf, totalsByToken } from "@/lib/console/bulk-selection";
import { useFormat, useStatusLabel } from "@/lib/console/i18n/use-format";
import { useInbox } from "@/lib/console/queries";
import type { InboxRow } from "@/lib/console/types";
import { kindOf, rowKey, useBulkDecision, type Decision } from "./bulk-decision";
import { DialogActions } from "@/components/ui/dialog-actions";

const KEYS = [
  ["j / k", "move"],
  ["x", "select"],
  ["a", "approve"],
  ["r", "reject"],
  ["Enter", "open"],
  ["?", "help"],
] as const;

/** How long a record has waited, in the largest whole unit. */
function waited(since: string, now: number): { unit: "minutes" | "hours" | "days"; count: number } {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 60) return { unit: "minutes", count: minutes };
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? { unit: "hours", count: hours } : { unit: "days", count: Math.floor(hours / 24) };
}

export function InboxPage() {
  const router = useRouter();
  const t = useTranslations("inbox");
  const tc = useTranslations("common");
  const format = useFormat();
  const statusLabel = useStatusLabel();
  // How long each record has waited is counted to when the rows were read, not to this render:
  // the server's HTML and the browser's hydration then say the same (a minute passing between
  // them would make React throw the server's rows away), and the rows are read again often.
  const { data, error, isPending, dataUpdatedAt: readAt } = useInbox();
  const bulk = useBulkDecision();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [anchor, setAnchor] = useState<string | null>(null);
  const [cursor, setCursor] = useState(0);
  const [dialog, setDialog] = useState<Decision | "keys" | "step-up" | null>(null);
  // A decision some rows of which were refused until the password is proved again: retried after it is.
  const [awaitingStepUp, setAwaitingStepUp] = useState<{ decision: Decision; body: Record<string, unknown> } | null>(null);
  // Rows whose decision failed stay on screen (and selected) for a retry, even once they have
  // left the inbox (a record cancelled meanwhile), with their answer beside them.
  const [kept, setKept] = useState<InboxRow[]>([]);
  const rowRefs = useRef(new Map<string, HTMLTableRowElement>());

  const rows = useMemo(() => {
    const fresh = data?.rows ?? [];
    const shown = new Set(fresh.map(rowKey));
    return [...fresh, ...kept.filter((row) => !shown.has(rowKey(row)))];
  }, [data, kept]);
  const ids = rows.map(rowKey);
  const chosen = rows.filter((row) => selected.has(rowKey(row)));
  const current = rows[Math.min(cursor, rows.length - 1)];

  function toggle(key: string, on: boolean, shift: boolean) {
    const covered = shift ? rangeOf(ids, anchor, key) : [key];
    setSelected((before) => {
      const next = new Set(before);
      for (const each of covered) if (on) next.add(each);
      else next.delete(each);
      return next;
    });
    setAnchor(key);
  }

  function open(decision: Decision) {
    if (bulk.busy) return;
    if (chosen.length === 0 && current) setSelected(new Set([rowKey(current)]));
    setDialog(decision);
  }

  async function decide(decision: Decision, body: Record<string, unknown>) {
    const targets = chosen.length ? chosen : current ? [current] : [];
    setDialog(null);
    const answer = await bulk.decide(decision, targets, body);
    // null: a batch was already running (a double click), which settles the selection itself.
    if (answer === null) return;
    setKept(answer.failed);
    setSelected(new Set(answer.failed.map(rowKey)));
    if (answer.stepUp) {
      setAwaitingStepUp({ decision, body });
      setDialog("step-up");
    }
  }

  // The keyboard: not while typing, with a modifier held, or with a dialog open.
  const keyboard = useRef<(event: KeyboardEvent) => void>(() => {});
  keyboard.current = (event) => {
    const target = event.target as HTMLElement | null;
    if (event.metaKey || event.ctrlKey || event.altKey || dialog !== null) return;
    if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT", "BUTTON", "A"].includes(target.tagName))) {
      // Enter and space keep their own meaning on controls; the letter keys still work on a checkbox.
      if (!(target.tagName === "INPUT" && (target as HTMLInputElement).type === "checkbox" && event.key !== "Enter" && event.key !== " ")) return;
    }
    const move = (to: number) => {
      const index = Math.max(0, Math.min(rows.length - 1, to));
      setCursor(index);
      rowRefs.current.get(ids[index]!)?.scrollIntoView({ block: "nearest" });
    };
    if (event.key === "?") setDialog("keys");
    else if (!current) return;
    else if (event.key === "j") move(cursor + 1);
    else if (event.key === "k") move(cursor - 1);
    else if (event.key === "x") toggle(rowKey(current), !selected.has(rowKey(current)), false);
    else if (event.key === "a") open("approve");
    else if (event.key === "r") open("reject");
    else if (event.key === "Enter") router.push(kindOf(current).page(current.id));
    else return;
    event.preventDefault();
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyboard.current(event);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);

  const allOnPage = rows.length > 0 && chosen.length === rows.length;
  const outcomes = [...bulk.outcomes.values()];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{t("title")}</h1>
          <p className="text-sm text-slate-700">
            {t("intro")}{" "}
            <button type="button" className="text-indigo-800 underline underline-offset-2" onClick={() => setDialog("keys")}>
              {t("shortcuts")}
            </button>
          </p>
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label={t("bulk")}>
          <button type="button" className={buttonClass.primary} disabled={bulk.busy || chosen.length === 0} onClick={() => open("approve")}>
            {chosen.length ? t("approveSelectedCount", { count: chosen.length }) : t("approveSelected")}
          </button>
          <button type="button" className={buttonClass.danger} disabled={bulk.busy || chosen.length === 0} onClick={() => open("reject")}>
            {chosen.length ? t("rejectSelectedCount", { count: chosen.length }) : t("rejectSelected")}
          </button>
        </div>
      </div>

      {bulk.progress ? (
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <label htmlFor="bulk-progress" className="text-sm font-medium text-slate-800">
            {t(bulk.progress.decision === "approve" ? "approving" : "rejecting", { done: bulk.progress.done, total: bulk.progress.total })}
          </label>
          <progress id="bulk-progress" className="mt-2 block h-2 w-full" value={bulk.progress.done} max={bulk.progress.total} />
        </div>
      ) : null}

      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {t("loadFailed", { message: error.message })}
        </p>
      ) : null}

      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white" data-testid="inbox" aria-busy={isPending}>
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{t("caption")}</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-700">
            <tr>
              <th scope="col" className="w-10 px-2 py-2 sm:px-3">
                <input
                  type="checkbox"
                  aria-label={t("selectAll")}
                  className="h-4 w-4"
                  checked={allOnPage}
                  ref={(box) => {
                    if (box) box.indeterminate = chosen.length > 0 && !allOnPage;
                  }}
                  disabled={rows.length === 0 || bulk.busy}
                  onChange={(event) => setSelected(new Set(event.target.checked ? ids : []))}
                />
              </th>
              <th scope="col" className="px-2 py-2 sm:px-3">{t("columns.record")}</th>
              <th scope="col" className="hidden px-2 py-2 sm:px-3 md:table-cell">{t("columns.recipient")}</th>
              <th scope="col" className="px-2 py-2 text-right sm:px-3">{t("columns.amount")}</th>
              <th scope="col" className="px-2 py-2 sm:px-3">{t("columns.step")}</th>
              <th scope="col" className="hidden px-2 py-2 sm:px-3 lg:table-cell">{t("columns.reviewer")}</th>
              <th scope="col" className="hidden px-2 py-2 sm:table-cell sm:px-3">{t("columns.due")}</th>
              <th scope="col" className="hidden px-2 py-2 sm:table-cell sm:px-3">{t("columns.waiting")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row, index) => {
              const key = rowKey(row);
              const outcome = bulk.outcomes.get(key);
              const active = current !== undefined && rowKey(current) === key;
              return (
                <tr
                  key={key}
                  ref={(element) => {
                    if (element) rowRefs.current.set(key, element);
                    else rowRefs.current.delete(key);
                  }}
                  data-testid="inbox-row"
                  data-record={row.number}
                  data-active={active || undefined}
                  className={`${active ? "bg-indigo-50 outline outline-2 -outline-offset-2 outline-indigo-600" : ""} ${selected.has(key) ? "bg-indigo-50/60" : ""}`}
                  onClick={() => setCursor(index)}
                >
                  <td className="px-2 py-2 sm:px-3">
                    <input
                      type="checkbox"
                      className="h-4 w-4"
                      aria-label={t("selectRow", { kind: t(`kindNoun.${row.kind}`), number: row.number })}
                      checked={selected.has(key)}
                      disabled={bulk.busy}
                      onChange={() => {}}
                      onClick={(event) => toggle(key, event.currentTarget.checked, event.shiftKey)}
                    />
                  </td>
                  <td className="px-2 py-2 sm:px-3">
                    {/* Unbroken, as the other lists' numbers: rows painted while the HTML still arrives would
                        grow when later rows widen the amount column and wrap the number (CLS 0.3 on a phone). */}
                    <Link href={kindOf(row).page(row.id)} className="whitespace-nowrap font-medium text-indigo-800 underline-offset-2 hover:underline">
                      {row.number}
                    </Link>
                    <span className="block text-xs text-slate-600">{t(`kind.${row.kind}`)}</span>
                    {outcome && !outcome.ok ? (
                      <span className="mt-1 block text-xs text-red-800" data-testid="row-failure">
                        {outcome.message}
                      </span>
                    ) : null}
                  </td>
                  <td className="hidden px-2 py-2 sm:px-3 md:table-cell">
                    {/* A withdrawal is paid to a wallet address, which has no e-mail. */}
                    <span className={row.kind === "withdrawal" ? "break-all font-mono text-xs" : ""}>{row.recipient_name}</span>
                    {row.recipient_email ? <span className="block text-xs text-slate-600">{row.recipient_email}</span> : null}
                  </td>
                  <td className="whitespace-nowrap px-2 py-2 text-right tabular-nums sm:px-3">
                    {format.amount(row.amount)} {row.token}
                    <span className="block text-xs text-slate-600">{row.chain}</span>
                  </td>
                  <td className="whitespace-nowrap px-2 py-2 sm:px-3">{row.policy_step}</td>
                  <td className="hidden px-2 py-2 sm:px-3 lg:table-cell">{row.assigned_reviewer?.name ?? t("anyone")}</td>
                  <td className="hidden whitespace-nowrap px-2 py-2 sm:table-cell sm:px-3">{row.review_due_at ? format.dateTime(row.review_due_at) : "—"}</td>
                  <td className="hidden whitespace-nowrap px-2 py-2 sm:table-cell sm:px-3">{(({ unit, count }) => t(unit, { count }))(waited(row.waiting_since, readAt))}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {isPending ? <p className="px-4 py-10 text-center text-slate-700">{tc("loading")}</p> : null}
        {data && rows.length === 0 ? <p className="px-4 py-10 text-center text-slate-700">{t("empty")}</p> : null}
        {data && data.count > data.rows.length ? (
          <p className="border-t border-slate-200 px-4 py-2 text-sm text-slate-700">
            {t("showing", { shown: String(data.rows.length), count: String(data.count) })}
          </p>
        ) : null}
      </div>

      {outcomes.length > 0 && !bulk.busy ? (
        <section aria-labelledby="results-title" className="rounded-lg border border-slate-200 bg-white p-4" data-testid="bulk-results">
          <h2 id="results-title" className="text-base font-semibold text-slate-900">
            {t("results", { done: outcomes.filter((outcome) => outcome.ok).length, failed: outcomes.filter((outcome) => !outcome.ok).length })}
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {outcomes.map((outcome) => (
              <li key={rowKey(outcome.row)} data-outcome={outcome.ok ? "done" : "failed"} className={outcome.ok ? "text-slate-800" : "text-red-800"}>
                <span className="font-medium">{outcome.row.number}</span>:{" "}
                {outcome.ok
                  ? t(outcome.decision === "approve" ? "approvedNow" : "rejectedNow", { status: statusLabel(outcome.status).toLowerCase() })
                  : t("failed", { message: outcome.message })}
              </li>
            ))}
          </ul>
          {outcomes.some((outcome) => !outcome.ok) ? <p className="mt-2 text-sm text-slate-700">{t("failedStay")}</p> : null}
        </section>
      ) : null}

      {dialog === "approve" || dialog === "reject" ? (
        <ConfirmDecision decision={dialog} rows={chosen.length ? chosen : current ? [current] : []} onCancel={() => setDialog(null)} onConfirm={(body) => decide(dialog, body)} />
      ) : null}
      {dialog === "step-up" && awaitingStepUp ? (
        <Dialog open onClose={() => setDialog(null)} title={t("stepUpTitle")}>
          <StepUpForm
            onConfirmed={() => {
              // The rows still failed are the selection now; each is sent again with its own key.
              setDialog(null);
              setAwaitingStepUp(null);
              void decide(awaitingStepUp.decision, awaitingStepUp.body);
            }}
            onBack={() => setDialog(null)}
          />
        </Dialog>
      ) : null}
      <ShortcutsDialog open={dialog === "keys"} onClose={() => setDialog(null)} shortcuts={KEYS.map(([keys, meaning]) => [keys, t(`keys.${meaning}`)] as const)} />
    </div>
  );
}

/** The confirmation: how many records, the total per token, and for a rejection one reason for all. */
function ConfirmDecision({
  decision,
  rows,
  onCancel,
  onConfirm,
}: {
  decision: Decision;
  rows: readonly InboxRow[];
  onCancel: () => void;
  onConfirm: (body: Record<string, unknown>) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const t = useTranslations("inbox");
  const format = useFormat();
  const totals = totalsByToken(rows);
  const title = t(decision === "approve" ? "approveTitle" : "rejectTitle", { count: rows.length });
  return (
    <Dialog open onClose={onCancel} title={title}>
      <form
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const body = decision === "reject" ? { reason: String(new FormData(event.currentTarget).get("reason") ?? "").trim() } : {};
          // Each kind's own declared body: what the Studio would refuse is refused here, in its words.
          for (const kind of new Set(rows.map((row) => row.kind))) {
            const declaration = kindOf({ kind }).actions[decision];
            const checked = declaration.body?.safeParse(body);
            if (checked && !checked.success) return setProblem(checked.error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; "));
          }
          onConfirm(body);
        }}
      >
        <p className="text-sm text-slate-800" data-testid="confirm-summary">
          {t(decision === "approve" ? "approveSummary" : "rejectSummary", {
            count: rows.length,
            totals: totals.map(({ token, total }) => `${format.amount(total)} ${token}`).join(t("totalsJoin")),
          })}
        </p>
        {decision === "reject" ? (
          <div>
            <label htmlFor="bulk-reason" className={labelClass}>
              {t("reasonAll")}
            </label>
            <textarea id="bulk-reason" name="reason" rows={3} required className={inputClass} />
          </div>
        ) : null}
        {problem ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {problem}
          </p>
        ) : null}
        <DialogActions onLeave={onCancel} tone={decision === "approve" ? "primary" : "danger"} confirm={title} />
      </form>
    </Dialog>
  );
}
