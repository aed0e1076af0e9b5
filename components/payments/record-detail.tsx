"use client";
import { useTranslations } from "next-intl";
import { DetailColumns, DetailError, DetailHeader, DetailLoading } from "@/components/payments/detail";
import { PaymentPanel } from "@/components/payments/payment-panel";
import { Timeline } from "@/components/payments/timeline";
import { RecordDeliveries } from "@/components/webhooks/record-deliveries";
import { useFormat } from "@/lib/console/i18n/use-format";
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
  const t = useTranslations();
  const format = useFormat();
  const names = `resources.${resource.key}` as const;
  const title = t(`${names}.title`);

  if (record.isPending) return <DetailLoading label={t("detail.loading", { noun: t(`${names}.one`) })} />;
  if (record.error || !record.data) {
    return (
      <DetailError title={title} message={record.error?.message ?? t("detail.notFound", { title })} backHref={list} backLabel={t("detail.back", { plural: t(`${names}.other`) })} />
    );
  }
  const data = record.data;
  return (
    <div className="space-y-6">
      <DetailHeader backHref={list} backLabel={t(`${names}.plural`)} title={`${title} ${number(data)}`} status={data.status} statusTestId={`${resource.noun}-status`}>
        {t("detail.byline", { recipient: data.recipient_name, organization: data.organization_name, creator: data.creator, time: format.dateTime(data.created_at) })}
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
            <RecordDeliveries recordId={id} noun={t(`${names}.one`)} callbackUrl={data.payment_intent.callback_url} status={data.status} />
          </>
        }
      />
    </div>
  );
}
