"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import { ErrorNote } from "@/components/payments/detail";
import { useViewer } from "@/components/providers";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { cellClass, headClass } from "@/components/ui/url-list";
import { ApiError, apiFetch } from "@/lib/console/api";
import { formatDateTime } from "@/lib/console/format";
import { DELIVERIES_KEY } from "@/lib/console/queries";
import { ORG_MANAGE_PERMISSION } from "@/lib/console/team-labels";
import { useActionKeys } from "@/lib/console/use-action-keys";
import type { DeletedWebhookEndpoint, PlainList, WebhookEndpoint, WebhookEndpointWithSecret, WebhookEventType } from "@/lib/console/types";
import { ShownOnce } from "@/components/ui/shown-once";

const ENDPOINTS_KEY = ["webhooks", "endpoints"] as const;

/** How long a replaced secret keeps signing, as the rotate dialog offers it (the Studio's default is 24 h). */
const OVERLAPS = [
  { seconds: 0, label: "Retire it at once" },
  { seconds: 60 * 60, label: "1 hour" },
  { seconds: 24 * 60 * 60, label: "24 hours" },
  { seconds: 7 * 24 * 60 * 60, label: "7 days" },
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
  const endpoints = useQuery({
    queryKey: ENDPOINTS_KEY,
    queryFn: () => apiFetch<PlainList<WebhookEndpoint>>("/api/webhooks/endpoints?page_size=100"),
  });
  const [shown, setShown] = useState<{ secret: WebhookEndpointWithSecret; why: "created" | "rotated" } | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby="endpoints-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="webhook-endpoints">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <h2 id="endpoints-heading" className="text-base font-semibold text-slate-900">
            Webhook endpoints
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Each endpoint receives every event of the organization it subscribes to, as a Standard Webhooks envelope signed with its own secret.
          </p>
        </div>
        {adding ? null : (
          <button type="button" className={buttonClass.primary} onClick={() => setAdding(true)}>
            Add endpoint
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

      {endpoints.error ? <ErrorNote>Could not load the webhook endpoints: {endpoints.error.message}</ErrorNote> : null}
      <div className="overflow-x-auto rounded-md border border-slate-200" data-endpoints-state={endpoints.isPending ? "loading" : "ready"}>
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Webhook endpoints</caption>
          <thead className={headClass}>
            <tr>
              <th scope="col" className={cellClass}>Endpoint</th>
              <th scope="col" className={`${cellClass} hidden sm:table-cell`}>Events</th>
              <th scope="col" className={`${cellClass} hidden md:table-cell`}>Created</th>
              <th scope="col" className={cellClass}>
                <span className="sr-only">Actions</span>
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
                      Previous secret also signs until {formatDateTime(endpoint.previous_secret_expires_at)}
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
                <td className={`${cellClass} hidden whitespace-nowrap text-slate-700 md:table-cell`}>{formatDateTime(endpoint.created_at)}</td>
                <td className={`${cellClass} text-right`}>
                  <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
                    <Link href={`/webhooks?${new URLSearchParams({ endpoint_id: endpoint.id })}`} className={`${buttonClass.secondary} px-2 py-1 text-xs`}>
                      Deliveries<span className="sr-only"> to {endpoint.url}</span>
                    </Link>
                    <button type="button" className={`${buttonClass.secondary} px-2 py-1 text-xs`} onClick={() => setRotating(endpoint)}>
                      Rotate secret<span className="sr-only"> of {endpoint.url}</span>
                    </button>
                    <button type="button" className={`${buttonClass.secondary} px-2 py-1 text-xs`} onClick={() => setDeleting(endpoint)}>
                      Delete<span className="sr-only"> {endpoint.url}</span>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {endpoints.isPending ? <p className="px-4 py-6 text-center text-slate-700">Loading endpoints…</p> : null}
        {endpoints.data && endpoints.data.data.length === 0 ? (
          <p className="px-4 py-6 text-center text-slate-700">No endpoints yet: events go only to the callback URL of each record.</p>
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
      aria-label="Add a webhook endpoint"
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
            Description <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <input id={`${formId}-description`} name="description" className={inputClass} value={description} onChange={(event) => setDescription(event.target.value)} />
        </div>
      </div>
      <fieldset className="min-w-0">
        <legend className={labelClass}>Events</legend>
        {eventTypes.error ? <ErrorNote>Could not load the event types: {eventTypes.error.message}</ErrorNote> : null}
        {patternBox("*", "Every event")}
        <div className="mt-2 grid gap-2 md:grid-cols-3">
          {byObject(eventTypes.data?.data ?? []).map(({ object, types }) => (
            <details key={object} className="min-w-0 rounded-md border border-slate-200 bg-white p-2">
              <summary className="cursor-pointer text-sm font-medium text-slate-900">{object.replace("_", " ")} events</summary>
              <div className="mt-2 space-y-1">
                {patternBox(`${object}.*`, "All of them")}
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
          Cancel
        </button>
        <button type="submit" className={buttonClass.primary} disabled={create.isPending}>
          {create.isPending ? "Adding…" : "Add endpoint"}
        </button>
      </div>
    </form>
  );
}

function SecretOnce({ endpoint, why, onClose }: { endpoint: WebhookEndpointWithSecret; why: "created" | "rotated"; onClose: () => void }) {
  return (
    <div className="space-y-2" data-testid="endpoint-secret">
      <p className="text-sm text-slate-800">
        {why === "created" ? "Endpoint added" : "Secret rotated"} for <span className="break-all font-mono text-xs">{endpoint.url}</span>. Its signing secret:
      </p>
      <ShownOnce
        value={endpoint.secret}
        copyLabel="Copy the endpoint's signing secret"
        testId="endpoint-secret-value"
        warning="Copy this secret now: it will not be shown again. Whoever holds it can forge this endpoint's webhooks."
      />
      <button type="button" className={`${buttonClass.secondary} text-xs`} onClick={onClose}>
        I have copied it
      </button>
    </div>
  );
}

function RotateDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: (rotated: WebhookEndpointWithSecret | null) => void }) {
  const queryClient = useQueryClient();
  const keys = useActionKeys<"rotate">();
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
    <Dialog open onClose={() => onClose(null)} title="Rotate this endpoint's secret?">
      <p className="break-words text-sm text-slate-700">
        A new secret signs every delivery to <span className="break-all font-mono text-xs">{endpoint.url}</span> from now on. The current one can keep
        signing beside it while your receiver switches over.
      </p>
      <label htmlFor={selectId} className={`${labelClass} mt-3`}>
        Current secret keeps signing for
      </label>
      <select id={selectId} className={inputClass} value={overlap} onChange={(event) => setOverlap(Number(event.target.value))}>
        {OVERLAPS.map((option) => (
          <option key={option.seconds} value={option.seconds}>
            {option.label}
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
          Cancel
        </button>
        <button type="button" className={buttonClass.primary} disabled={rotate.isPending} onClick={() => rotate.mutate()}>
          {rotate.isPending ? "Rotating…" : "Rotate secret"}
        </button>
      </div>
    </Dialog>
  );
}

function DeleteDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: () => apiFetch<{ data: DeletedWebhookEndpoint }>(`/api/webhooks/endpoints/${encodeURIComponent(endpoint.id)}`, { method: "DELETE" }),
    onSuccess: async ({ data }) => {
      const cancelled = data.cancelled_deliveries;
      toast(`Endpoint deleted${cancelled ? `; ${cancelled} pending ${cancelled === 1 ? "delivery" : "deliveries"} cancelled` : ""}`);
      await Promise.all([queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY }), queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY })]);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      onClose={onClose}
      title="Delete this endpoint?"
      error={remove.error?.message}
      action="Delete endpoint"
      running="Deleting…"
      pending={remove.isPending}
      onConfirm={() => remove.mutate()}
    >
      <p className="break-words text-sm text-slate-700">
        <span className="break-all font-mono text-xs">{endpoint.url}</span> gets no new events, and its deliveries still pending are cancelled. Its past
        deliveries stay in the log. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
