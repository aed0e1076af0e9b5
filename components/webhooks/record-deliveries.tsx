"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Code, ErrorNote, Section } from "@/components/payments/detail";
import { StatusBadge } from "@/components/payments/status-badge";
import { useFormat } from "@/lib/console/i18n/use-format";
import { useDeliveries } from "@/lib/console/queries";
import { deliveryPath } from "@/lib/console/webhooks";

/** A record's own webhook deliveries (newest first), each opening on /webhooks with its payload and attempts; `noun` in the person's language. */
export function RecordDeliveries({ recordId, noun, callbackUrl, status }: { recordId: string; noun: string; callbackUrl: string | null | undefined; status: string }) {
  const t = useTranslations("webhooks.record");
  const { dateTime } = useFormat();
  const { data, error } = useDeliveries(new URLSearchParams({ object_id: recordId, page_size: "20" }), status);
  const deliveries = data?.data ?? [];
  return (
    <Section id="webhooks" title={t("title")}>
      {error ? <ErrorNote>{t("loadFailed", { message: error.message })}</ErrorNote> : null}
      {!callbackUrl && deliveries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="deliveries-empty">
          {t("noCallback", { noun })}
        </p>
      ) : data && deliveries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="deliveries-empty">
          {t.rich("none", { url: callbackUrl ?? "", code: (chunks) => <Code>{chunks}</Code> })}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label={t("title")}>
          {deliveries.map((delivery) => (
            <li key={delivery.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm" data-testid="record-delivery">
              <Link href={deliveryPath(delivery)} className="font-medium text-indigo-800 underline-offset-2 hover:underline">
                {delivery.type}
              </Link>
              <StatusBadge status={delivery.status} />
              <span className="text-slate-700">
                {t("attempts", { count: delivery.attempt_count })}
              </span>
              <span className="ml-auto whitespace-nowrap text-slate-700">{dateTime(delivery.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
      {data && data.paging.total_count > deliveries.length ? (
        <Link href={`/webhooks?${new URLSearchParams({ object_id: recordId })}`} className="mt-2 inline-block text-sm text-indigo-800 underline">
          {t("all", { count: data.paging.total_count })}
        </Link>
      ) : null}
    </Section>
  );
}
