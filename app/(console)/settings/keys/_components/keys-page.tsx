"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorNote } from "@/components/payments/detail";
import { SettingsLoadError } from "@/components/settings/settings-frame";
import { buttonClass } from "@/components/ui/button";
import { StepUpForm } from "@/components/ui/step-up-form";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { cellClass, headClass, Pager, useUrlList } from "@/components/ui/url-list";
import { apiFetch, isStepUpRequired } from "@/lib/console/api";
import { useFormat } from "@/lib/console/i18n/use-format";
import { maskedKey } from "@/lib/console/team-labels";
import { useActionKeys } from "@/lib/console/use-action-keys";
import { TEAM_KEYS_LIST } from "@/lib/console/queries";
import type { ApiKeyRecord, CreatedApiKey, ListedApiKey, PlainList } from "@/lib/console/types";
import { ShownOnce } from "@/components/ui/shown-once";

/** Everyone's API keys: who owns each, when it was made and last used; create one, revoke one. */
export function KeysPage() {
  const t = useTranslations("settings.keys");
  const { dateTime } = useFormat();
  const list = useUrlList<PlainList<ListedApiKey>>(TEAM_KEYS_LIST);
  const [revoking, setRevoking] = useState<ListedApiKey | null>(null);
  if (list.error) return <SettingsLoadError title={t("title")} what={t("what")} error={list.error} />;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-700">{t("intro")}</p>
      </div>
      <CreateKey />
      <div
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
        {...list.state}
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{t("title")}</caption>
          <thead className={headClass}>
            <tr>
              <th scope="col" className={cellClass}>{t("key")}</th>
              <th scope="col" className={cellClass}>{t("owner")}</th>
              <th scope="col" className={`${cellClass} hidden md:table-cell`}>{t("created")}</th>
              <th scope="col" className={`${cellClass} hidden sm:table-cell`}>{t("lastUsed")}</th>
              <th scope="col" className={cellClass}>
                <span className="sr-only">{t("statusAndActions")}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.data?.data.map((key) => (
              <tr key={key.id} data-testid="api-key" data-key-id={key.id}>
                <td className={`${cellClass} font-mono text-xs`}>{maskedKey(key)}</td>
                <td className={cellClass}>
                  <div className="break-words text-slate-900">{key.owner_name ?? key.uid}</div>
                  <div className="text-xs text-slate-600 sm:hidden">{key.last_used_at ? t("lastUsedAt", { time: dateTime(key.last_used_at) }) : t("lastUsedNever")}</div>
                </td>
                <td className={`${cellClass} hidden whitespace-nowrap text-slate-700 md:table-cell`}>{dateTime(key.created_at)}</td>
                <td className={`${cellClass} hidden whitespace-nowrap text-slate-700 sm:table-cell`}>
                  {key.last_used_at ? dateTime(key.last_used_at) : t("never")}
                </td>
                <td className={`${cellClass} text-right`}>
                  {key.revoked ? (
                    <span className="text-xs text-slate-700" data-testid="key-status">
                      {key.revoked_at
                        ? t.rich("revokedAt", { time: dateTime(key.revoked_at), wide: (chunks) => <span className="hidden sm:inline">{chunks}</span> })
                        : t("revoked")}
                    </span>
                  ) : (
                    <button type="button" className={`${buttonClass.secondary} whitespace-nowrap px-2 py-1 text-xs`} onClick={() => setRevoking(key)}>
                      {t.rich("revoke", { key: maskedKey(key), hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.data && list.data.data.length === 0 ? <p className="px-4 py-6 text-center text-slate-700">{t("empty")}</p> : null}
      </div>
      <Pager label={t("pages")} testId="keys-summary" noun={[t("one"), t("other")]} loaded={list.data !== undefined} {...list} />
      {revoking ? <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} /> : null}
    </div>
  );
}

/**
 * A new key for the signed-in person; its secret shows here once. Keys act as the person who made
 * them, so nobody makes one for a colleague: each person makes their own.
 */
function CreateKey() {
  const t = useTranslations("settings.keys.create");
  const queryClient = useQueryClient();
  const keys = useActionKeys<"create">();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const create = useMutation({
    mutationFn: () => apiFetch<{ data: CreatedApiKey }>("/api/team/keys", { method: "POST", idempotencyKey: keys.keyFor("create") }),
    onMutate: () => setCreated(null),
    onSuccess: async ({ data }) => {
      keys.done("create");
      setCreated(data);
      await queryClient.invalidateQueries({ queryKey: TEAM_KEYS_LIST.queryKey });
    },
  });
  return (
    <section aria-labelledby="create-key-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="create-key-heading" className="font-semibold text-slate-900">
        {t("title")}
      </h2>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <p className="min-w-0 flex-1 text-sm text-slate-700">
          {t("intro")}
        </p>
        <button type="submit" className={buttonClass.primary} disabled={create.isPending}>
          {create.isPending ? t("running") : t("submit")}
        </button>
      </form>
      {isStepUpRequired(create.error) ? (
        // The same key (its Idempotency-Key unchanged) is made once the password is proved again.
        <div className="mt-3">
          <StepUpForm onConfirmed={() => create.mutate()} onBack={() => create.reset()} />
        </div>
      ) : create.error ? (
        <div className="mt-3">
          <ErrorNote>{create.error.message}</ErrorNote>
        </div>
      ) : null}
      {created ? (
        <div className="mt-4 space-y-2" data-testid="new-key">
          <ShownOnce
            value={created.api_key}
            copyLabel={t("copy")}
            testId="new-key-secret"
            warning={t("warning")}
          />
          <button type="button" className={`${buttonClass.secondary} text-xs`} onClick={() => setCreated(null)}>
            {t("copied")}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ListedApiKey; onClose: () => void }) {
  const t = useTranslations("settings.keys.revokeDialog");
  const queryClient = useQueryClient();
  const toast = useToast();
  // Closing and confirming again is the same revoke.
  const keys = useActionKeys<"revoke">();
  const revoke = useMutation({
    mutationFn: () =>
      apiFetch<{ data: ApiKeyRecord }>(`/api/team/keys/${encodeURIComponent(apiKey.id)}/revoke`, { method: "POST", idempotencyKey: keys.keyFor("revoke") }),
    onSuccess: async () => {
      keys.done("revoke");
      toast(t("done", { key: maskedKey(apiKey) }));
      await queryClient.invalidateQueries({ queryKey: TEAM_KEYS_LIST.queryKey });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      onClose={onClose}
      title={t("title", { key: maskedKey(apiKey) })}
      error={revoke.error?.message}
      action={t("action")}
      running={t("running")}
      pending={revoke.isPending}
      onConfirm={() => revoke.mutate()}
    >
      <p className="text-sm text-slate-700">
        {t("body", { owner: apiKey.owner_name ?? t("unknownOwner") })}
      </p>
    </ConfirmDialog>
  );
}
