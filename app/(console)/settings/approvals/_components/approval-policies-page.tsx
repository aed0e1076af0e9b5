"use client";
import "@/lib/console/zod-csp";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFieldArray, useForm, type Resolver } from "react-hook-form";
import { FieldMessage } from "@/components/forms/field-message";
import { ErrorNote } from "@/components/payments/detail";
import { useViewer } from "@/components/providers";
import { SettingsLoadError } from "@/components/settings/settings-frame";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/lib/console/api";
import { useFormat } from "@/lib/console/i18n/use-format";
import { APPROVAL_POLICIES_KEY, useApprovalPolicies } from "@/lib/console/queries";
import { ORG_MANAGE_PERMISSION } from "@/lib/console/team-labels";
import type { ApprovalPolicy } from "@/lib/console/types";
import { findChain } from "@/lib/studio/chain/registry";
import { approvalPolicyUpdateSchema, MAX_APPROVERS, tierWithoutReview, type ApprovalPolicyUpdate } from "@/lib/studio/approvals/schemas";

const KINDS = ["invoice", "payout", "withdrawal"] as const;
type Kind = (typeof KINDS)[number];
const isKind = (kind: string): kind is Kind => (KINDS as readonly string[]).includes(kind);

/**
 * The organization's approval policies: per record kind, amount tiers in USD saying how many
 * distinct people approve and whether one must hold org:manage. Records already under review keep
 * the policy they entered review with.
 */
export function ApprovalPoliciesPage() {
  const t = useTranslations("settings.approvals");
  const policies = useApprovalPolicies();
  if (policies.error) return <SettingsLoadError title={t("title")} what={t("what")} error={policies.error} />;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-700">{t("intro")}</p>
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
  const t = useTranslations("settings.approvals");
  const { dateTime, amount } = useFormat();
  const kind = isKind(policy.record_kind) ? policy.record_kind : undefined;
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
      toast(kind ? t(`kinds.${kind}.saved`) : t("saved", { kind: policy.record_kind }));
      form.reset({ tiers: data.tiers, rules: data.rules.map((rule) => ({ ...rule, token: rule.token as ApprovalPolicyUpdate["rules"][number]["token"] })) });
      await queryClient.invalidateQueries({ queryKey: APPROVAL_POLICIES_KEY });
    },
    onError: (failure) => setError(failure.message),
  });
  const title = kind ? t(`kinds.${kind}.title`) : policy.record_kind;
  const headingId = `policy-${policy.record_kind}`;
  const tierErrors = form.formState.errors.tiers;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="approval-policy" data-kind={policy.record_kind}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="text-sm text-slate-700">
        {policy.updated_at ? t("changed", { time: dateTime(policy.updated_at) }) : kind ? t(`kinds.${kind}.default`) : null}
      </p>
      {policy.rules.length ? (
        <div className="mt-2 text-sm text-slate-800" data-testid="policy-rules">
          <p className="font-medium">{t("rules")}</p>
          <ul className="list-disc pl-5">
            {policy.rules.map((rule) => (
              <li key={`${rule.chain_id ?? ""}/${rule.token ?? ""}`}>
                {t("ruleScope", {
                  scope: rule.token && rule.chain_id ? "both" : rule.token ? "token" : "chain",
                  token: rule.token ?? "",
                  chain: rule.chain_id ? (findChain(rule.chain_id)?.name ?? rule.chain_id) : "",
                })}{" "}
                {rule.tiers
                  .map((tier) => t(tier.org_manage ? "ruleTierManager" : "ruleTier", { from: amount(tier.from_usd), approvers: tier.approvers }))
                  .join(t("ruleTierSeparator"))}
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
                    {t("from")}
                  </label>
                  <input id={`${prefix}-from`} inputMode="decimal" className={inputClass} readOnly={!editable || index === 0} {...form.register(`tiers.${index}.from_usd`)} />
                  {rowError?.from_usd?.message ? (
                    <p className="mt-1 text-sm text-red-800">
                      <FieldMessage message={rowError.from_usd.message} />
                    </p>
                  ) : null}
                </div>
                <div>
                  <label htmlFor={`${prefix}-approvers`} className={labelClass}>
                    {t("approvers")}
                  </label>
                  <select id={`${prefix}-approvers`} className={inputClass} disabled={!editable} {...form.register(`tiers.${index}.approvers`, { valueAsNumber: true })}>
                    {/* Only a withdrawal may need nobody: it is then sent at once. */}
                    {Array.from({ length: MAX_APPROVERS + 1 }, (_, count) => count)
                      .filter((count) => tierWithoutReview(policy.record_kind, [{ approvers: count }]) === undefined)
                      .map((count) => (
                        <option key={count} value={count}>
                          {count === 0 ? t("none") : count}
                        </option>
                      ))}
                  </select>
                </div>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" disabled={!editable} {...form.register(`tiers.${index}.org_manage`)} />
                  {t("orgManage")}
                </label>
                {editable && index > 0 ? (
                  <button type="button" className={buttonClass.secondary} onClick={() => tiers.remove(index)}>
                    {t("removeTier")}
                  </button>
                ) : (
                  <span />
                )}
              </li>
            );
          })}
        </ol>
        {tierErrors?.root?.message || tierErrors?.message ? (
          <ErrorNote>
            <FieldMessage message={(tierErrors.root?.message ?? tierErrors.message)!} />
          </ErrorNote>
        ) : null}
        {error ? <ErrorNote>{error}</ErrorNote> : null}
        {editable ? (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => tiers.append({ from_usd: "", approvers: 2, org_manage: false })}
              disabled={tiers.fields.length >= 10}
            >
              {t("addTier")}
            </button>
            <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
              {save.isPending ? t("saving") : kind ? t(`kinds.${kind}.save`) : t("save", { kind: policy.record_kind })}
            </button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
