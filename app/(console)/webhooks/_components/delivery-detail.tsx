"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ConsoleCopyButton } from "@/components/payments/console-copy-button";
import { Code, Field, Fields } from "@/components/payments/detail";
import { StatusBadge } from "@/components/payments/status-badge";
import { ResendButton } from "@/components/ui/resend-button";
import { useFormat } from "@/lib/console/i18n/use-format";
import { DELIVERIES_KEY } from "@/lib/console/queries";
import type { WebhookAttempt, WebhookDelivery } from "@/lib/console/types";
import { recordPathOf } from "@/lib/console/webhooks";

const preClass = "max-h-[32rem] overflow-auto whitespace-pre-wrap break-all rounded-md bg-slate-50 p-3 font-mono text-xs text-slate-900";

/** One delivery: what it is, the signed payload beside every attempt (newest first), and Resend for admins. */
export function DeliveryDetail({ delivery, canResend }: { delivery: WebhookDelivery; canResend: boolean }) {
  const t = useTranslations("webhooks.delivery");
  const { dateTime } = useFormat();
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
            queued={t("queued")}
          /> : null}
      </div>
      <Fields>
        <Field label={t("sentTo")}>
          <Code>{delivery.url}</Code>
        </Field>
        <Field label={t("record")}>
          {recordPath ? (
            <Link href={recordPath} className="break-all font-mono text-xs text-indigo-800 underline">
              {delivery.object_id}
            </Link>
          ) : (
            <Code>{delivery.object_id}</Code>
          )}
        </Field>
        <Field label={t("created")}>{dateTime(delivery.created_at)}</Field>
        {delivery.status === "delivered" ? <Field label={t("delivered")}>{dateTime(delivery.delivered_at)}</Field> : null}
        {delivery.status === "pending" ? <Field label={t("nextAttempt")}>{dateTime(delivery.next_attempt_at)}</Field> : null}
      </Fields>

      <div className="grid gap-4 lg:grid-cols-2">
        <div className="min-w-0" data-testid="delivery-payload">
          <div className="mb-2 flex items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-slate-900">{t("payload")}</h3>
            <ConsoleCopyButton text={JSON.stringify(delivery.payload)} label={t("copyPayload")} />
          </div>
          <pre className={preClass} tabIndex={0} aria-label={t("payload")}>
            {payload}
          </pre>
        </div>
        <div className="min-w-0" data-testid="delivery-attempts">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">{t("attempts")}</h3>
          {attempts.length === 0 ? (
            <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">{t("noAttempt")}</p>
          ) : (
            <ol className="space-y-3" aria-label={t("attemptsNewest")}>
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
  const t = useTranslations("webhooks.delivery");
  const { dateTime } = useFormat();
  const succeeded = attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300;
  return (
    <li className="rounded-md border border-slate-200 p-3 text-sm" data-testid="attempt" data-attempt={attempt.attempt} data-manual={attempt.manual}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium text-slate-900">{t("attempt", { number: attempt.attempt })}</span>
        {attempt.manual ? <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-900">{t("manual")}</span> : null}
        <span className={`font-medium ${succeeded ? "text-emerald-800" : "text-red-800"}`} data-testid="attempt-result">
          {attempt.status_code !== null ? `HTTP ${attempt.status_code}` : (attempt.error ?? t("noAnswer"))}
        </span>
        <span className="tabular-nums text-slate-700">{attempt.latency_ms} ms</span>
        <span className="text-slate-700">{dateTime(attempt.created_at)}</span>
      </div>
      {/* An error beyond the status line (a redirect refused, say); without a status it is the status line. */}
      {attempt.status_code !== null && attempt.error && attempt.error !== `HTTP ${attempt.status_code}` ? (
        <p className="mt-1 wrap-anywhere text-red-800">{attempt.error}</p>
      ) : null}
      <p className="mt-2 text-xs font-medium text-slate-700">{t("responseBody")}</p>
      <pre className={`${preClass} mt-1 max-h-48`} data-testid="attempt-response">
        {attempt.response_body || t("emptyBody")}
      </pre>
    </li>
  );
}
