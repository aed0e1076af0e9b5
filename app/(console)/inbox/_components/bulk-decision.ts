"use client";
// A bulk decision from the inbox: each record its own request with its own Idempotency-Key, one
// after another, so a failure stops nothing else and each row gets its own answer.
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { apiFetch, ApiError, isStepUpRequired } from "@/lib/console/api";
import { inboxChanged } from "@/lib/console/queries";
import { apiPath, INVOICES, pagePath, PAYOUTS } from "@/lib/console/resources";
import type { InboxRow } from "@/lib/console/types";
import { useActionKeys } from "@/lib/console/use-action-keys";
import { INVOICE_ACTIONS, PAYOUT_ACTIONS, WITHDRAWAL_ACTIONS, type ActionDeclaration } from "@/lib/workflow/actions";

export type Decision = "approve" | "reject";
export type Outcome = { ok: true; status: string } | { ok: false; message: string };

export const rowKey = (row: Pick<InboxRow, "kind" | "id">) => `${row.kind}/${row.id}`;
type KindView = {
  /** The kind's declared decisions: their bodies are checked here as the Studio would. */
  actions: Record<Decision, ActionDeclaration>;
  /** Where its record is shown (Enter, the row's link). */
  page: (id: string) => string;
  /** The console route of a decision on it. */
  decision: (id: string, decision: Decision) => string;
  /** The cached reads a decision changes. */
  queryKey: string;
};

// A withdrawal request has no page of its own: the balances page lists the recent withdrawals.
export const KIND_VIEWS: Record<InboxRow["kind"], KindView> = {
  invoice: { actions: INVOICE_ACTIONS, page: (id) => pagePath(INVOICES, id), decision: (id, decision) => apiPath(INVOICES, id, `/${decision}`), queryKey: INVOICES.key },
  payout: { actions: PAYOUT_ACTIONS, page: (id) => pagePath(PAYOUTS, id), decision: (id, decision) => apiPath(PAYOUTS, id, `/${decision}`), queryKey: PAYOUTS.key },
  withdrawal: {
    actions: WITHDRAWAL_ACTIONS,
    page: () => "/balances#withdrawals",
    decision: (id, decision) => `/api/withdrawals/${encodeURIComponent(id)}/${decision}`,
    queryKey: "balances",
  },
};
export const kindOf = (row: Pick<InboxRow, "kind">) => KIND_VIEWS[row.kind];

export function useBulkDecision() {
  const queryClient = useQueryClient();
  const t = useTranslations("inbox");
  // Per record and decision: a retry of a failed row sends the same key, so the Studio never acts twice.
  const keys = useActionKeys<string>();
  // A second click can land before the buttons re-render disabled: it is dropped here.
  const running = useRef(false);
  const [progress, setProgress] = useState<{ decision: Decision; done: number; total: number } | null>(null);
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Outcome & { row: InboxRow; decision: Decision }>>(new Map());

  /**
   * The rows whose decision failed, and whether some failed only for want of a recent password
   * (a withdrawal's approval moves funds: lib/console/step-up); null when a batch was already
   * running and this one was dropped.
   */
  async function decide(decision: Decision, rows: readonly InboxRow[], body: Record<string, unknown>): Promise<{ failed: InboxRow[]; stepUp: boolean } | null> {
    if (running.current) return null;
    running.current = true;
    let stepUp = false;
    const answers = new Map<string, Outcome & { row: InboxRow; decision: Decision }>();
    setOutcomes(answers);
    setProgress({ decision, done: 0, total: rows.length });
    try {
      for (const row of rows) {
        const actionKey = `${decision}:${rowKey(row)}`;
        try {
          const { data } = await apiFetch<{ data: { status: string } }>(kindOf(row).decision(row.id, decision), {
            method: "POST",
            body,
            idempotencyKey: keys.keyFor(actionKey),
          });
          keys.done(actionKey);
          answers.set(rowKey(row), { ok: true, status: data.status, row, decision });
        } catch (error) {
          stepUp ||= isStepUpRequired(error);
          const message = error instanceof ApiError ? error.message : t("lost");
          answers.set(rowKey(row), { ok: false, message, row, decision });
        }
        setOutcomes(new Map(answers));
        setProgress((shown) => shown && { ...shown, done: shown.done + 1 });
      }
    } finally {
      running.current = false;
      setProgress(null);
      await Promise.all([
        inboxChanged(queryClient),
        ...Object.values(KIND_VIEWS).map((view) => queryClient.invalidateQueries({ queryKey: [view.queryKey] })),
      ]);
    }
    return { failed: rows.filter((row) => !answers.get(rowKey(row))?.ok), stepUp };
  }

  return { decide, progress, outcomes, busy: progress !== null };
}
