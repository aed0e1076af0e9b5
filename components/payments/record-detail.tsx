"use client";
import { DetailColumns, DetailError, DetailHeader, DetailLoading } from "@/components/payments/detail";
import { PaymentPanel } from "@/components/payments/payment-panel";
import { Timeline } from "@/components/payments/timeline";
import { RecordDeliveries } from "@/components/webhooks/record-deliveries";
import { formatDateTime } from "@/lib/console/format";
import { useRecord, useStatusLog } from "@/lib/console/queries";
import { pagePath, type Resource } from "@/lib/console/resources";
import type { PaymentIntent } from "@/lib/console/types";

type DetailRecord = {
  status: string;
  status_category: string;
  recipient_name: string;
  organization_name: string;
  creator: string;
  created_at: string;
  payment_intent: PaymentIntent;
};

/**
 * A record's page: loading and error states, the heading with its status, the action bar, the
 * owner's own sections, the payment panel, the timeline and the record's webhook deliveries.
 */
export function RecordDetail<T extends DetailRecord>({
  resource,
  id,
  number,
  actions,
  sections,
  panel,
}: {
  resource: Resource;
  id: string;
  /** The human-readable id ("INV-2026-000001"). */
  number: (record: T) => string;
  actions: (record: T) => React.ReactNode;
  sections: (record: T) => React.ReactNode;
  panel: { title: string; settlementLabel: string };
}) {
  const record = useRecord<T>(resource, id);
  const logs = useStatusLog(resource, id, record.data?.status);
  const list = pagePath(resource);

  if (record.isPending) return <DetailLoading label={`Loading ${resource.noun}`} />;
  if (record.error || !record.data) {
    return (
      <DetailError title={resource.title} message={record.error?.message ?? `${resource.title} not found`} backHref={list} backLabel={`Back to ${resource.noun}s`} />
    );
  }
  const data = record.data;
  return (
    <div className="space-y-6">
      <DetailHeader backHref={list} backLabel={resource.plural} title={`${resource.title} ${number(data)}`} status={data.status} statusTestId={`${resource.noun}-status`}>
        {data.recipient_name} · {data.organization_name} · created by {data.creator} on {formatDateTime(data.created_at)}
      </DetailHeader>
      {actions(data)}
      <DetailColumns
        primary={sections(data)}
        aside={
          <PaymentPanel
            resource={resource}
            paymentIntent={data.payment_intent}
            awaitingPayment={data.status_category === "awaiting_payment"}
            title={panel.title}
            settlementLabel={panel.settlementLabel}
          />
        }
        secondary={
          <>
            <Timeline logs={logs.data} error={logs.error} />
            <RecordDeliveries recordId={id} noun={resource.noun} callbackUrl={data.payment_intent.callback_url} status={data.status} />
          </>
        }
      />
    </div>
  );
}
