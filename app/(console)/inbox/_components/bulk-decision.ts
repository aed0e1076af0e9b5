"use client";
// A bulk decision from the inbox: each record its own request with its own Idempotency-Key, one
// after another, so a failure stops nothing else and each row gets its own answer.
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { apiFetch, ApiError } from "@/lib/console/api";
import { inboxChanged } from "@/lib/console/queries";
import { apiPath, INVOICES, PAYOUTS } from "@/lib/console/resources";
import type { InboxRow } from "@/lib/console/types";
import { useActionKeys } from "@/lib/console/use-action-keys";

export type Decision = "approve" | "reject";
export type Outcome = { ok: true; status: string } | { ok: false; message: string };

export const rowKey = (row: Pick<InboxRow, "kind" | "id">) => `${row.kind}/${row.id}`;
export const resourceOf = (row: Pick<InboxRow, "kind">) => (row.kind === "invoice" ? INVOICES : PAYOUTS);

export function useBulkDecision() {
  const queryClient = useQueryClient();
  // Per record and decision: a retry of a failed row sends the same key, so the Studio never acts twice.
  const keys = useActionKeys<string>();
  // A second click can land before the buttons re-render disabled: it is dropped here.
  const running = useRef(false);
  const [progress, setProgress] = useState<{ decision: Decision; done: number; total: number } | null>(null);
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Outcome & { row: InboxRow; decision: Decision }>>(new Map());

  /** The rows whose decision failed, or null when a batch was already running and this one was dropped. */
  async function decide(decision: Decision, rows: readonly InboxRow[], body: Record<string, unknown>): Promise<InboxRow[] | null> {
    if (running.current) return null;
    running.current = true;
    const answers = new Map<string, Outcome & { row: InboxRow; decision: Decision }>();
    setOutcomes(answers);
    setProgress({ decision, done: 0, total: rows.length });
    try {
      for (const row of rows) {
        const actionKey = `${decision}:${rowKey(row)}`;
        try {
          const { data } = await apiFetch<{ data: { status: string } }>(apiPath(resourceOf(row), row.id, `/${decision}`), {
            method: "POST",
            body,
            idempotencyKey: keys.keyFor(actionKey),
          });
          keys.done(actionKey);
          answers.set(rowKey(row), { ok: true, status: data.status, row, decision });
        } catch (error) {
          const message = error instanceof ApiError ? error.message : "The request did not complete; retry to send it again";
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
        queryClient.invalidateQueries({ queryKey: [INVOICES.key] }),
        queryClient.invalidateQueries({ queryKey: [PAYOUTS.key] }),
      ]);
    }
    return rows.filter((row) => !answers.get(rowKey(row))?.ok);
  }

  return { decide, progress, outcomes, busy: progress !== null };
}
