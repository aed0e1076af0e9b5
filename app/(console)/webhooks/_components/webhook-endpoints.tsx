"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { ErrorNote } from "@/components/payments/detail";
import { useViewer } from "@/components/providers";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { cellClass, headClass } from "@/components/ui/url-list";
import { ApiError, apiFetch } from "@/lib/console/api";
import { useFormat } from "@/lib/console/i18n/use-format";
import { DELIVERIES_KEY, ENDPOINTS_KEY, useWebhookEndpoints } from "@/lib/console/queries";
import { ORG_MANAGE_PERMISSION } from "@/lib/console/team-labels";
import { useActionKeys } from "@/lib/console/use-action-keys";
import type { DeletedWebhookEndpoint, WebhookEndpoint, WebhookEndpointWithSecret, WebhookEventType } from "@/lib/console/types";
import { ShownOnce } from "@/components/ui/shown-once";

/** How long a replaced secret keeps signing, as the rotate dialog offers it (the Studio's default is 24 h). */
const OVERLAPS = [
  { seconds: 0, label: "atOnce" },
  { seconds: 60 * 60, label: "hour" },
  { seconds: 24 * 60 * 60, label: "day" },
  { seconds: 7 * 24 * 60 * 60, label: "week" },
] as const;
const DEFAULT_OVERLAP = 24 * 60 * 60;

/**
 * Organization-wide webhook endpoints, for people with org:manage (others never see the section):
 * the list, a form to add one, its secret shown once, rotation and deletion with a confirmation.
 */
export function WebhookEndpoints() {
  const viewer = useViewer();
  if (!viewer.permissions.includes(ORG_MANAGE_PERMISSION)) return null;
  return <EndpointsSection />;
}

function EndpointsSection() {
  const t = useTranslations("webhooks.endpoints");
  const { dateTime } = useFormat();
  const endpoints = useWebhookEndpoints();
  const [shown, setShown] = useState<{ secret: WebhookEndpointWithSecret; why: "created" | "rotated" } | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby="endpoints-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="webhook-endpoints">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <h2 id="endpoints-heading" className="text-base font-semibold text-slate-900">
            {t("title")}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t("intro")}</p>
        </div>
        {adding ? null : (
          <button type="button" className={buttonClass.primary} onClick={() => setAdding(true)}>
            {t("add")}
          </button>
        )}
      </div>

      {adding ? (
        <AddEndpoint
          onDone={(created) => {
            setAdding(false);
            if (created) setShown({ secret: created, why: "created" });
          }}
        />
      ) : null}

      {shown ? <SecretOnce endpoint={shown.secret} why={shown.why} onClose={() => setShown(null)} /> : null}

      {endpoints.error ? <ErrorNote>{t("loadFailed", { message: endpoints.error.message })}</ErrorNote> : null}
      <div className="overflow-x-auto rounded-md border border-slate-200" data-endpoints-state={endpoints.isPending ? "loading" : "ready"}>
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{t("title")}</caption>
          <thead className={headClass}>
            <tr>
              <th scope="col" className={cellClass}>{t("endpoint")}</th>
              <th scope="col" className={`${cellClass} hidden sm:table-cell`}>{t("events")}</th>
              <th scope="col" className={`${cellClass} hidden md:table-cell`}>{t("created")}</th>
              <th scope="col" className={cellClass}>
                <span className="sr-only">{t("actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {endpoints.data?.data.map((endpoint) => (
              <tr key={endpoint.id} data-testid="webhook-endpoint" data-endpoint-id={endpoint.id}>
                <td className={`${cellClass} min-w-0`}>
                  <div className="break-all font-mono text-xs text-slate-900">{endpoint.url}</div>
                  {endpoint.description ? <div className="break-words text-slate-700">{endpoint.description}</div> : null}
                  <div className="mt-1 break-words text-xs text-slate-700 sm:hidden">{endpoint.event_types.join(", ")}</div>
                  {endpoint.previous_secret_expires_at ? (
                    <div className="mt-1 text-xs text-amber-900" data-testid="endpoint-overlap">
                      {t("overlap", { time: dateTime(endpoint.previous_secret_expires_at) })}
                    </div>
                  ) : null}
                </td>
                <td className={`${cellClass} hidden sm:table-cell`}>
                  <ul className="flex flex-wrap gap-1">
                    {endpoint.event_types.map((pattern) => (
                      <li key={pattern} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">
                        {pattern}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className={`${cellClass} hidden whitespace-nowrap text-slate-700 md:table-cell`}>{dateTime(endpoint.created_at)}</td>
                <td className={`${cellClass} text-right`}>
                  <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
                    <Link href={`/webhooks?${new URLSearchParams({ endpoint_id: endpoint.id })}`} className={`${buttonClass.secondary} whitespace-nowrap px-2 py-1 text-xs`}>
                      {t.rich("deliveries", { url: endpoint.url, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
                    </Link>
                    <button type="button" className={`${buttonClass.secondary} whitespace-nowrap px-2 py-1 text-xs`} onClick={() => setRotating(endpoint)}>
                      {t.rich("rotate", { url: endpoint.url, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
                    </button>
                    <button type="button" className={`${buttonClass.secondary} whitespace-nowrap px-2 py-1 text-xs`} onClick={() => setDeleting(endpoint)}>
                      {t.rich("delete", { url: endpoint.url, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {endpoints.isPending ? <p className="px-4 py-6 text-center text-slate-700">{t("loading")}</p> : null}
        {endpoints.data && endpoints.data.data.length === 0 ? (
          <p className="px-4 py-6 text-center text-slate-700">{t("empty")}</p>
        ) : null}
      </div>

      {rotating ? (
        <RotateDialog
          endpoint={rotating}
          onClose={(rotated) => {
            setRotating(null);
            if (rotated) setShown({ secret: rotated, why: "rotated" });
          }}
        />
      ) : null}
      {deleting ? <DeleteDialog endpoint={deleting} onClose={() => setDeleting(null)} /> : null}
    </section>
  );
}

/** Event types grouped by the record they are about (`invoice`, `payout`, …), in the Studio's order. */
function byObject(types: WebhookEventType[]): Array<{ object: string; types: string[] }> {
  const groups = new Map<string, string[]>();
  for (const { type } of types) {
    const object = type.slice(0, type.indexOf("."));
    groups.set(object, [...(groups.get(object) ?? []), type]);
  }
  return [...groups].map(([object, grouped]) => ({ object, types: grouped }));
}

function AddEndpoint({ onDone }: { onDone: (created: WebhookEndpointWithSecret | null) => void }) {
  const t = useTranslations("webhooks.add");
  const queryClient = useQueryClient();
  const keys = useActionKeys<"create">();
  const formId = useId();
  const eventTypes = useQuery({
    queryKey: ["webhooks", "event-types"],
    queryFn: () => apiFetch<{ data: WebhookEventType[] }>("/api/webhooks/event-types"),
    staleTime: Infinity,
  });
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [patterns, setPatterns] = useState<string[]>(["*"]);
  const toggle = (pattern: string, on: boolean) => setPatterns((current) => (on ? [...current, pattern] : current.filter((kept) => kept !== pattern)));
  const create = useMutation({
    mutationFn: () =>
      apiFetch<{ data: WebhookEndpointWithSecret }>("/api/webhooks/endpoints", {
        method: "POST",
        body: { url, description, event_types: patterns },
        idempotencyKey: keys.keyFor("create"),
      }),
    onSuccess: async ({ data }) => {
      keys.done("create");
      await queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY });
      onDone(data);
    },
  });
  // The Studio's refusal names the field (`url`, `event_types.2`): shown beside it.
  const fieldErrors = new Map((create.error instanceof ApiError ? (create.error.body.errors ?? []) : []).map((issue) => [issue.field.split(".")[0]!, issue.message]));
  const patternBox = (pattern: string, label?: string) => (
    <label key={pattern} className="flex min-w-0 items-start gap-2 text-sm text-slate-800">
      <input type="checkbox" className="mt-0.5" name="event_types" value={pattern} checked={patterns.includes(pattern)} onChange={(event) => toggle(pattern, event.target.checked)} />
      <span className="min-w-0 break-words">
        {label ? `${label} ` : null}
        <code className="font-mono text-xs text-slate-700">{pattern}</code>
      </span>
    </label>
  );
  return (
    <form
      className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3"
      aria-label={t("label")}
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${formId}-url`} className={labelClass}>
            URL
          </label>
          <input
            id={`${formId}-url`}
            name="url"
            type="url"
            required
            className={inputClass}
            placeholder="https://merchant.example/webhooks/studio"
            value={url}
            aria-invalid={fieldErrors.has("url") || undefined}
            aria-describedby={fieldErrors.has("url") ? `${formId}-url-error` : undefined}
            onChange={(event) => setUrl(event.target.value)}
          />
          {fieldErrors.has("url") ? (
            <p id={`${formId}-url-error`} className="mt-1 text-sm text-red-800">
              {fieldErrors.get("url")}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={`${formId}-description`} className={labelClass}>
            {t.rich("description", { optional: (chunks) => <span className="font-normal text-slate-600">{chunks}</span> })}
          </label>
          <input id={`${formId}-description`} name="description" className={inputClass} value={description} onChange={(event) => setDescription(event.target.value)} />
        </div>
      </div>
      <fieldset className="min-w-0">
        <legend className={labelClass}>{t("events")}</legend>
        {eventTypes.error ? <ErrorNote>{t("typesFailed", { message: eventTypes.error.message })}</ErrorNote> : null}
        {patternBox("*", t("every"))}
        <div className="mt-2 grid gap-2 md:grid-cols-3">
          {byObject(eventTypes.data?.data ?? []).map(({ object, types }) => (
            <details key={object} className="min-w-0 rounded-md border border-slate-200 bg-white p-2">
              <summary className="cursor-pointer text-sm font-medium text-slate-900">{t("objectEvents", { object: t.has(`objects.${object}` as never) ? t(`objects.${object}` as never) : object.replace("_", " ") })}</summary>
              <div className="mt-2 space-y-1">
                {patternBox(`${object}.*`, t("all"))}
                {types.map((type) => patternBox(type))}
              </div>
            </details>
          ))}
        </div>
        {fieldErrors.has("event_types") ? <p className="mt-1 text-sm text-red-800">{fieldErrors.get("event_types")}</p> : null}
      </fieldset>
      {create.error && fieldErrors.size === 0 ? <ErrorNote>{create.error.message}</ErrorNote> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonClass.secondary} onClick={() => onDone(null)}>
          {t("cancel")}
        </button>
        <button type="submit" className={buttonClass.primary} disabled={create.isPending}>
          {create.isPending ? t("adding") : t("submit")}
        </button>
      </div>
    </form>
  );
}

function SecretOnce({ endpoint, why, onClose }: { endpoint: WebhookEndpointWithSecret; why: "created" | "rotated"; onClose: () => void }) {
  const t = useTranslations("webhooks.secretOnce");
  return (
    <div className="space-y-2" data-testid="endpoint-secret">
      <p className="text-sm text-slate-800">
        {t.rich(why, { url: endpoint.url, code: (chunks) => <span className="break-all font-mono text-xs">{chunks}</span> })}
      </p>
      <ShownOnce
        value={endpoint.secret}
        copyLabel={t("copy")}
        testId="endpoint-secret-value"
        warning={t("warning")}
      />
      <button type="button" className={`${buttonClass.secondary} text-xs`} onClick={onClose}>
        {t("copied")}
      </button>
    </div>
  );
}

function RotateDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: (rotated: WebhookEndpointWithSecret | null) => void }) {
  const queryClient = useQueryClient();
  const keys = useActionKeys<"rotate">();
  const t = useTranslations("webhooks.rotate");
  const [overlap, setOverlap] = useState<number>(DEFAULT_OVERLAP);
  const selectId = useId();
  const rotate = useMutation({
    mutationFn: () =>
      apiFetch<{ data: WebhookEndpointWithSecret }>(`/api/webhooks/endpoints/${encodeURIComponent(endpoint.id)}/rotate-secret`, {
        method: "POST",
        body: { expire_old_after_seconds: overlap },
        idempotencyKey: keys.keyFor("rotate"),
      }),
    onSuccess: async ({ data }) => {
      keys.done("rotate");
      await queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY });
      onClose(data);
    },
  });
  return (
    <Dialog open onClose={() => onClose(null)} title={t("title")}>
      <p className="break-words text-sm text-slate-700">
        {t.rich("body", { url: endpoint.url, code: (chunks) => <span className="break-all font-mono text-xs">{chunks}</span> })}
      </p>
      <label htmlFor={selectId} className={`${labelClass} mt-3`}>
        {t("overlap")}
      </label>
      <select id={selectId} className={inputClass} value={overlap} onChange={(event) => setOverlap(Number(event.target.value))}>
        {OVERLAPS.map((option) => (
          <option key={option.seconds} value={option.seconds}>
            {t(`overlaps.${option.label}`)}
          </option>
        ))}
      </select>
      {rotate.error ? (
        <div className="mt-3">
          <ErrorNote>{rotate.error.message}</ErrorNote>
        </div>
      ) : null}
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className={buttonClass.secondary} onClick={() => onClose(null)}>
          {t("cancel")}
        </button>
        <button type="button" className={buttonClass.primary} disabled={rotate.isPending} onClick={() => rotate.mutate()}>
          {rotate.isPending ? t("running") : t("submit")}
        </button>
      </div>
    </Dialog>
  );
}

function DeleteDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const queryClient = useQueryClient();
  const t = useTranslations("webhooks.delete");
  const toast = useToast();
  const remove = useMutation({
    mutationFn: () => apiFetch<{ data: DeletedWebhookEndpoint }>(`/api/webhooks/endpoints/${encodeURIComponent(endpoint.id)}`, { method: "DELETE" }),
    onSuccess: async ({ data }) => {
      const cancelled = data.cancelled_deliveries;
      toast(cancelled ? t("doneCancelled", { count: cancelled }) : t("done"));
      await Promise.all([queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY }), queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY })]);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      onClose={onClose}
      title={t("title")}
      error={remove.error?.message}
      action={t("action")}
      running={t("running")}
      pending={remove.isPending}
      onConfirm={() => remove.mutate()}
    >
      <p className="break-words text-sm text-slate-700">
        {t.rich("body", { url: endpoint.url, code: (chunks) => <span className="break-all font-mono text-xs">{chunks}</span> })}
      </p>
    </ConfirmDialog>
  );
}
