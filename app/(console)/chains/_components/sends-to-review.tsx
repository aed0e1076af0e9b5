"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Code } from "@/components/payments/detail";
import { useViewer } from "@/components/providers";
import { buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { cellClass, headClass } from "@/components/ui/url-list";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/lib/console/api";
import type { ChainSend, ChainStatus } from "@/lib/console/types";
import { resolveSendSchema } from "@/lib/studio/chain/send-review-schemas";
import { CHAIN_SEND_ACTIONS } from "@/lib/workflow/actions";

/**
 * The chain's sends held for review (needs_review): their nonce was used and none of their
 * transactions is on chain, so nothing was credited back. A person with the resolve action's
 * permission names the transaction that made one (the Studio checks it on chain) or fails it.
 */
export function SendsToReview({ chain }: { chain: ChainStatus }) {
  const t = useTranslations("chains.review");
  const viewer = useViewer();
  const [resolving, setResolving] = useState<ChainSend | null>(null);
  if (chain.sends_needing_review.length === 0) return null;
  const mayResolve = viewer.permissions.includes(CHAIN_SEND_ACTIONS.resolve.permission);
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-slate-900">{t("title")}</h3>
      <p className="text-sm text-slate-700">{t("help")}</p>
      <table className="mt-2 min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{t("caption", { chain: chain.name })}</caption>
        <thead className={headClass}>
          <tr>
            <th scope="col" className={cellClass}>{t("send")}</th>
            <th scope="col" className={cellClass}>{t("to")}</th>
            <th scope="col" className={`${cellClass} text-right`}>{t("amount")}</th>
            <th scope="col" className={cellClass}>{t("evidence")}</th>
            <th scope="col" className={cellClass}><span className="sr-only">{t("actions")}</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {chain.sends_needing_review.map((send) => (
            <tr key={send.id} data-testid="send-to-review">
              <td className={cellClass}>
                <Code>{send.id}</Code>
                <div className="text-xs text-slate-600">{send.withdrawal_id ?? send.purpose}</div>
              </td>
              <td className={`${cellClass} break-all`}><Code>{send.to_address}</Code></td>
              <td className={`${cellClass} text-right`}>{send.amount}</td>
              <td className={`${cellClass} text-xs text-slate-700`}>
                {send.review_evidence
                  ? t("evidenceText", { nonce: send.review_evidence.nonce, chainNonce: send.review_evidence.chain_nonce, head: send.review_evidence.head_block, versions: send.review_evidence.tx_hashes.length })
                  : "—"}
              </td>
              <td className={cellClass}>
                {mayResolve ? (
                  <button type="button" className={buttonClass.secondary} onClick={() => setResolving(send)}>
                    {t.rich("resolve", { id: send.id, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {resolving ? <ResolveDialog send={resolving} onClose={() => setResolving(null)} /> : null}
    </div>
  );
}

function ResolveDialog({ send, onClose }: { send: ChainSend; onClose: () => void }) {
  const t = useTranslations("chains.review");
  const toast = useToast();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<"sent" | "failed">("sent");
  const [txHash, setTxHash] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const resolve = useMutation({
    mutationFn: (body: unknown) => apiFetch<{ data: ChainSend }>(`/api/chain-sends/${encodeURIComponent(send.id)}/resolve`, { method: "POST", body }),
    onMutate: () => setError(null),
    onSuccess: async ({ data }) => {
      toast(t(data.status === "failed" ? "failedToast" : "sentToast", { id: data.id }));
      await queryClient.invalidateQueries({ queryKey: ["chains"] });
      onClose();
    },
    onError: (failure) => setError(failure.message),
  });
  const submit = () => {
    const parsed = resolveSendSchema.safeParse(outcome === "sent" ? { outcome, tx_hash: txHash.trim(), note: note || undefined } : { outcome, note: note || undefined });
    if (!parsed.success) return setError(parsed.error.issues.map((issue) => issue.message).join("; "));
    resolve.mutate(parsed.data);
  };
  return (
    <ConfirmDialog
      onClose={onClose}
      title={t("dialogTitle", { id: send.id })}
      error={error}
      action={t(outcome === "sent" ? "markSent" : "markFailed")}
      running={t("resolving")}
      pending={resolve.isPending}
      onConfirm={submit}
    >
      <fieldset className="space-y-2 text-sm text-slate-800">
        <legend className="font-medium">{t("outcome")}</legend>
        <label className="flex items-start gap-2">
          <input type="radio" name="outcome" checked={outcome === "sent"} onChange={() => setOutcome("sent")} />
          <span>{t("sentHelp")}</span>
        </label>
        <label className="flex items-start gap-2">
          <input type="radio" name="outcome" checked={outcome === "failed"} onChange={() => setOutcome("failed")} />
          <span>{t("failedHelp", { amount: send.amount })}</span>
        </label>
      </fieldset>
      {outcome === "sent" ? (
        <label className="mt-3 block text-sm text-slate-800">
          {t("txHash")}
          <input value={txHash} onChange={(event) => setTxHash(event.target.value)} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 font-mono text-xs" />
        </label>
      ) : null}
      <label className="mt-3 block text-sm text-slate-800">
        {t("note")}
        <input value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1" />
      </label>
    </ConfirmDialog>
  );
}
