"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorNote } from "@/components/payments/detail";
import { SettingsLoadError } from "@/components/settings/settings-frame";
import { buttonClass } from "@/components/ui/button";
import { StepUpForm } from "@/components/ui/step-up-form";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { cellClass, headClass, Pager, useUrlList } from "@/components/ui/url-list";
import { apiFetch, isStepUpRequired } from "@/lib/console/api";
import { formatDateTime } from "@/lib/console/format";
import { maskedKey } from "@/lib/console/team-labels";
import { useActionKeys } from "@/lib/console/use-action-keys";
import type { ApiKeyRecord, CreatedApiKey, PlainList } from "@/lib/console/types";
import { ShownOnce } from "@/components/ui/shown-once";

type ListedKey = ApiKeyRecord & { owner_name: string | null };

/** Everyone's API keys: who owns each, when it was made and last used; create one, revoke one. */
export function KeysPage() {
  const list = useUrlList<PlainList<ListedKey>>({ queryKey: ["team", "keys"], path: "/api/team/keys", keys: ["page", "page_size"], pageSize: "20" });
  const [revoking, setRevoking] = useState<ListedKey | null>(null);
  if (list.error) return <SettingsLoadError title="API keys" what="the API keys" error={list.error} />;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">API keys</h1>
        <p className="mt-1 text-sm text-slate-700">Each key acts as its owner, with the owner&apos;s permissions. A revoked key is refused from its next request.</p>
      </div>
      <CreateKey />
      <div
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
        {...list.state}
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">API keys</caption>
          <thead className={headClass}>
            <tr>
              <th scope="col" className={cellClass}>Key</th>
              <th scope="col" className={cellClass}>Owner</th>
              <th scope="col" className={`${cellClass} hidden md:table-cell`}>Created</th>
              <th scope="col" className={`${cellClass} hidden sm:table-cell`}>Last used</th>
              <th scope="col" className={cellClass}>
                <span className="sr-only">Status and actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.data?.data.map((key) => (
              <tr key={key.id} data-testid="api-key" data-key-id={key.id}>
                <td className={`${cellClass} font-mono text-xs`}>{maskedKey(key)}</td>
                <td className={cellClass}>
                  <div className="break-words text-slate-900">{key.owner_name ?? key.uid}</div>
                  <div className="text-xs text-slate-600 sm:hidden">Last used {key.last_used_at ? formatDateTime(key.last_used_at) : "never"}</div>
                </td>
                <td className={`${cellClass} hidden whitespace-nowrap text-slate-700 md:table-cell`}>{formatDateTime(key.created_at)}</td>
                <td className={`${cellClass} hidden whitespace-nowrap text-slate-700 sm:table-cell`}>
                  {key.last_used_at ? formatDateTime(key.last_used_at) : "Never"}
                </td>
                <td className={`${cellClass} text-right`}>
                  {key.revoked ? (
                    <span className="text-xs text-slate-700" data-testid="key-status">
                      Revoked{key.revoked_at ? <span className="hidden sm:inline"> {formatDateTime(key.revoked_at)}</span> : null}
                    </span>
                  ) : (
                    <button type="button" className={`${buttonClass.secondary} px-2 py-1 text-xs`} onClick={() => setRevoking(key)}>
                      Revoke<span className="sr-only"> {maskedKey(key)}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.data && list.data.data.length === 0 ? <p className="px-4 py-6 text-center text-slate-700">No API keys yet.</p> : null}
      </div>
      <Pager label="API key pages" testId="keys-summary" noun={["key", "keys"]} loaded={list.data !== undefined} {...list} />
      {revoking ? <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} /> : null}
    </div>
  );
}

/**
 * A new key for the signed-in person; its secret shows here once. Keys act as the person who made
 * them, so nobody makes one for a colleague: each person makes their own.
 */
function CreateKey() {
  const queryClient = useQueryClient();
  const keys = useActionKeys<"create">();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const create = useMutation({
    mutationFn: () => apiFetch<{ data: CreatedApiKey }>("/api/team/keys", { method: "POST", idempotencyKey: keys.keyFor("create") }),
    onMutate: () => setCreated(null),
    onSuccess: async ({ data }) => {
      keys.done("create");
      setCreated(data);
      await queryClient.invalidateQueries({ queryKey: ["team", "keys"] });
    },
  });
  return (
    <section aria-labelledby="create-key-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="create-key-heading" className="font-semibold text-slate-900">
        Create a key for yourself
      </h2>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <p className="min-w-0 flex-1 text-sm text-slate-700">
          The key acts as you, with your permissions. Each person makes their own keys; you can revoke anyone&apos;s.
        </p>
        <button type="submit" className={buttonClass.primary} disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create key"}
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
            copyLabel="Copy the new API key"
            testId="new-key-secret"
            warning="Copy this key now: it will not be shown again. Anyone who has it acts as its owner until it is revoked."
          />
          <button type="button" className={`${buttonClass.secondary} text-xs`} onClick={() => setCreated(null)}>
            I have copied it
          </button>
        </div>
      ) : null}
    </section>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ListedKey; onClose: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  // Closing and confirming again is the same revoke.
  const keys = useActionKeys<"revoke">();
  const revoke = useMutation({
    mutationFn: () =>
      apiFetch<{ data: ApiKeyRecord }>(`/api/team/keys/${encodeURIComponent(apiKey.id)}/revoke`, { method: "POST", idempotencyKey: keys.keyFor("revoke") }),
    onSuccess: async () => {
      keys.done("revoke");
      toast(`Key ${maskedKey(apiKey)} revoked`);
      await queryClient.invalidateQueries({ queryKey: ["team", "keys"] });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      onClose={onClose}
      title={`Revoke ${maskedKey(apiKey)}?`}
      error={revoke.error?.message}
      action="Revoke key"
      running="Revoking…"
      pending={revoke.isPending}
      onConfirm={() => revoke.mutate()}
    >
      <p className="text-sm text-slate-700">
        {apiKey.owner_name ?? "Its owner"}&apos;s key is refused from its next request, by every program that uses it. This cannot be undone; a
        new key can be made instead.
      </p>
    </ConfirmDialog>
  );
}
