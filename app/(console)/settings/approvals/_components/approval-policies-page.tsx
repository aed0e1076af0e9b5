"use client";
import "@/lib/console/zod-csp";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useFieldArray, useForm, type Resolver } from "react-hook-form";
import { ErrorNote } from "@/components/payments/detail";
import { useViewer } from "@/components/providers";
import { SettingsLoadError } from "@/components/settings/settings-frame";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/lib/console/api";
import { formatDateTime } from "@/lib/console/format";
import { ORG_MANAGE_PERMISSION } from "@/lib/console/team-labels";
import type { ApprovalPolicy } from "@/lib/console/types";
import { findChain } from "@/lib/studio/chain/registry";
import { approvalPolicyUpdateSchema, MAX_APPROVERS, tierWithoutReview, type ApprovalPolicyUpdate } from "@/lib/studio/approvals/schemas";

const POLICIES_KEY = ["approval-policies"] as const;
const KIND_TITLES: Record<string, string> = { invoice: "Invoices", payout: "Payouts", withdrawal: "Withdrawals" };
const DEFAULT_NOTES: Record<string, string> = {
  invoice: "The default: one approver for any amount.",
  payout: "The default: one approver for any amount.",
  withdrawal: "The default: every withdrawal is sent at once, with no approval.",
};

/**
 * The organization's approval policies: per record kind, amount tiers in USD saying how many
 * distinct people approve and whether one must hold org:manage. Records already under review keep
 * the policy they entered review with.
 */
export function ApprovalPoliciesPage() {
  const policies = useQuery({ queryKey: POLICIES_KEY, queryFn: () => apiFetch<{ data: ApprovalPolicy[] }>("/api/approval-policies").then((body) => body.data) });
  if (policies.error) return <SettingsLoadError title="Approval policies" what="the approval policies" error={policies.error} />;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Approval policies</h1>
        <p className="mt-1 text-sm text-slate-700">
          How many different people approve a record, by its amount in USD. Whoever created or edited a record never approves it, and
          records already under review keep the policy they entered review with.
        </p>
      </div>
      {policies.isPending ? (
        <div aria-hidden="true" className="h-48 animate-pulse rounded-lg bg-slate-200" />
      ) : (
        policies.data.map((policy) => <PolicyCard key={policy.record_kind} policy={policy} />)
      )}
    </div>
  );
}

function PolicyCard({ policy }: { policy: ApprovalPolicy }) {
  const viewer = useViewer();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const editable = viewer.permissions.includes(ORG_MANAGE_PERMISSION);
  const form = useForm<ApprovalPolicyUpdate>({
    resolver: zodResolver(approvalPolicyUpdateSchema) as unknown as Resolver<ApprovalPolicyUpdate>,
    // The scoped rules ride along unchanged: PUT replaces the whole policy.
    defaultValues: { tiers: policy.tiers, rules: policy.rules.map((rule) => ({ ...rule, token: rule.token as ApprovalPolicyUpdate["rules"][number]["token"] })) },
  });
  const tiers = useFieldArray({ control: form.control, name: "tiers" });
  const save = useMutation({
    mutationFn: (body: ApprovalPolicyUpdate) =>
      apiFetch<{ data: ApprovalPolicy }>(`/api/approval-policies/${policy.record_kind}`, { method: "PUT", body }),
    onMutate: () => setError(null),
    onSuccess: async ({ data }) => {
      toast(`${KIND_TITLES[policy.record_kind]} policy saved`);
      form.reset({ tiers: data.tiers, rules: data.rules.map((rule) => ({ ...rule, token: rule.token as ApprovalPolicyUpdate["rules"][number]["token"] })) });
      await queryClient.invalidateQueries({ queryKey: POLICIES_KEY });
    },
    onError: (failure) => setError(failure.message),
  });
  const title = KIND_TITLES[policy.record_kind] ?? policy.record_kind;
  const headingId = `policy-${policy.record_kind}`;
  const tierErrors = form.formState.errors.tiers;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="approval-policy" data-kind={policy.record_kind}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="text-sm text-slate-700">
        {policy.updated_at ? `Changed ${formatDateTime(policy.updated_at)}` : DEFAULT_NOTES[policy.record_kind]}
      </p>
      {policy.rules.length ? (
        <div className="mt-2 text-sm text-slate-800" data-testid="policy-rules">
          <p className="font-medium">Rules for one chain or token (the most specific one applies; set through the API, kept when you save)</p>
          <ul className="list-disc pl-5">
            {policy.rules.map((rule) => (
              <li key={`${rule.chain_id ?? ""}/${rule.token ?? ""}`}>
                {[rule.token, rule.chain_id ? (findChain(rule.chain_id)?.name ?? rule.chain_id) : null].filter(Boolean).join(" on ")}:{" "}
                {rule.tiers
                  .map((tier) => `from ${tier.from_usd} USD, ${tier.approvers === 0 ? "no approval" : `${tier.approvers} approver${tier.approvers === 1 ? "" : "s"}`}${tier.org_manage ? " (one with org:manage)" : ""}`)
                  .join("; ")}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <form className="mt-3 space-y-3" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <ol className="space-y-3">
          {tiers.fields.map((field, index) => {
            const prefix = `${policy.record_kind}-tier-${index}`;
            const rowError = tierErrors?.[index];
            return (
              <li key={field.id} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
                <div>
                  <label htmlFor={`${prefix}-from`} className={labelClass}>
                    From (USD)
                  </label>
                  <input id={`${prefix}-from`} inputMode="decimal" className={inputClass} readOnly={!editable || index === 0} {...form.register(`tiers.${index}.from_usd`)} />
                  {rowError?.from_usd ? <p className="mt-1 text-sm text-red-800">{rowError.from_usd.message}</p> : null}
                </div>
                <div>
                  <label htmlFor={`${prefix}-approvers`} className={labelClass}>
                    Approvers
                  </label>
                  <select id={`${prefix}-approvers`} className={inputClass} disabled={!editable} {...form.register(`tiers.${index}.approvers`, { valueAsNumber: true })}>
                    {/* Only a withdrawal may need nobody: it is then sent at once. */}
                    {Array.from({ length: MAX_APPROVERS + 1 }, (_, count) => count)
                      .filter((count) => tierWithoutReview(policy.record_kind, [{ approvers: count }]) === undefined)
                      .map((count) => (
                        <option key={count} value={count}>
                          {count === 0 ? "None: sent at once" : count}
                        </option>
                      ))}
                  </select>
                </div>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" disabled={!editable} {...form.register(`tiers.${index}.org_manage`)} />
                  One holds org:manage
                </label>
                {editable && index > 0 ? (
                  <button type="button" className={buttonClass.secondary} onClick={() => tiers.remove(index)}>
                    Remove tier
                  </button>
                ) : (
                  <span />
                )}
              </li>
            );
          })}
        </ol>
        {tierErrors?.root?.message || tierErrors?.message ? <ErrorNote>{tierErrors.root?.message ?? tierErrors.message}</ErrorNote> : null}
        {error ? <ErrorNote>{error}</ErrorNote> : null}
        {editable ? (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => tiers.append({ from_usd: "", approvers: 2, org_manage: false })}
              disabled={tiers.fields.length >= 10}
            >
              Add tier
            </button>
            <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
              {save.isPending ? "Saving…" : `Save ${title.toLowerCase()} policy`}
            </button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
