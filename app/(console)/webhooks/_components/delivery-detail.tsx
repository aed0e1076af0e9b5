"use client";
import Link from "next/link";
import { CopyButton } from "@/components/payments/copy-button";
import { Code, Field, Fields } from "@/components/payments/detail";
import { StatusBadge } from "@/components/payments/status-badge";
import { ResendButton } from "@/components/ui/resend-button";
import { formatDateTime } from "@/lib/console/format";
import { DELIVERIES_KEY } from "@/lib/console/queries";
import type { WebhookAttempt, WebhookDelivery } from "@/lib/console/types";
import { recordPathOf } from "@/lib/console/webhooks";

const preClass = "max-h-[32rem] overflow-auto whitespace-pre-wrap break-all rounded-md bg-slate-50 p-3 font-mono text-xs text-slate-900";

/** One delivery: what it is, the signed payload beside every attempt (newest first), and Resend for admins. */
export function DeliveryDetail({ delivery, canResend }: { delivery: WebhookDelivery; canResend: boolean }) {
  const recordPath = recordPathOf(delivery);
  const payload = JSON.stringify(delivery.payload, null, 2);
  const attempts = [...delivery.attempts].reverse();
  return (
    <section aria-labelledby="delivery-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4" data-testid="delivery-detail">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="delivery-heading" className="text-lg font-semibold text-slate-900">
              {delivery.type}
            </h2>
            <StatusBadge status={delivery.status} testId="selected-delivery-status" />
          </div>
          <p className="mt-1 text-sm text-slate-700">
            <Code>{delivery.id}</Code>
          </p>
        </div>
        {canResend ? <ResendButton
            path={`/api/webhooks/deliveries/${encodeURIComponent(delivery.id)}/resend`}
            refresh={DELIVERIES_KEY}
            queued="Delivery queued to be sent again"
          /> : null}
      </div>
      <Fields>
        <Field label="Sent to">
          <Code>{delivery.url}</Code>
        </Field>
        <Field label="Record">
          {recordPath ? (
            <Link href={recordPath} className="break-all font-mono text-xs text-indigo-800 underline">
              {delivery.object_id}
            </Link>
          ) : (
            <Code>{delivery.object_id}</Code>
          )}
        </Field>
        <Field label="Created">{formatDateTime(delivery.created_at)}</Field>
        {delivery.status === "delivered" ? <Field label="Delivered">{formatDateTime(delivery.delivered_at)}</Field> : null}
        {delivery.status === "pending" ? <Field label="Next attempt">{formatDateTime(delivery.next_attempt_at)}</Field> : null}
      </Fields>

      <div className="grid gap-4 lg:grid-cols-2">
        <div className="min-w-0" data-testid="delivery-payload">
          <div className="mb-2 flex items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-slate-900">Payload</h3>
            <CopyButton text={JSON.stringify(delivery.payload)} label="Copy payload" />
          </div>
          <pre className={preClass} tabIndex={0} aria-label="Payload">
            {payload}
          </pre>
        </div>
        <div className="min-w-0" data-testid="delivery-attempts">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Attempts</h3>
          {attempts.length === 0 ? (
            <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">No attempt yet: the dispatcher sends it shortly.</p>
          ) : (
            <ol className="space-y-3" aria-label="Attempts, newest first">
              {attempts.map((attempt) => (
                <AttemptEntry key={attempt.attempt} attempt={attempt} />
              ))}
            </ol>
          )}
        </div>
      </div>
    </section>
  );
}

function AttemptEntry({ attempt }: { attempt: WebhookAttempt }) {
  const succeeded = attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300;
  return (
    <li className="rounded-md border border-slate-200 p-3 text-sm" data-testid="attempt" data-attempt={attempt.attempt} data-manual={attempt.manual}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium text-slate-900">Attempt {attempt.attempt}</span>
        {attempt.manual ? <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-900">Manual resend</span> : null}
        <span className={`font-medium ${succeeded ? "text-emerald-800" : "text-red-800"}`} data-testid="attempt-result">
          {attempt.status_code !== null ? `HTTP ${attempt.status_code}` : (attempt.error ?? "No answer")}
        </span>
        <span className="tabular-nums text-slate-700">{attempt.latency_ms} ms</span>
        <span className="text-slate-700">{formatDateTime(attempt.created_at)}</span>
      </div>
      {/* An error beyond the status line (a redirect refused, say); without a status it is the status line. */}
      {attempt.status_code !== null && attempt.error && attempt.error !== `HTTP ${attempt.status_code}` ? (
        <p className="mt-1 wrap-anywhere text-red-800">{attempt.error}</p>
      ) : null}
      <p className="mt-2 text-xs font-medium text-slate-700">Response body (first 1 KiB)</p>
      <pre className={`${preClass} mt-1 max-h-48`} data-testid="attempt-response">
        {attempt.response_body || "(empty)"}
      </pre>
    </li>
  );
}
