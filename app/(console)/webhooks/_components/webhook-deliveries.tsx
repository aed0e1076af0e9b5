"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { ErrorNote } from "@/components/payments/detail";
import { ExportLink, FilterPanel, formValue, listState, Pagination, SortableHeader, StatusTabs, TextFilterField, useListUrl } from "@/components/payments/list-controls";
import { StatusBadge } from "@/components/payments/status-badge";
import { useViewer } from "@/components/providers";
import { DeliveryDetail } from "./delivery-detail";
import { SigningSecret } from "./signing-secret";
import { DELIVERY_STATUS_LABELS } from "@/lib/console/format";
import { useFormat, useStatusLabel } from "@/lib/console/i18n/use-format";
import { apiQuery, WEBHOOK_FILTER_KEYS } from "@/lib/console/list-query";
import { useDeliveries } from "@/lib/console/queries";
import type { WebhookDeliveryStatus } from "@/lib/console/types";
import { recordPathOf } from "@/lib/console/webhooks";

const cellClass = "px-2 py-2 sm:px-3";

/**
 * The delivery log: status tabs with counts, filters (event type, record id), the table and paging,
 * all in the URL, as on the record lists; the selected delivery (`?delivery=`) opens below it with
 * its payload beside its attempts. Admins may reveal the signing secret; `children` (the page's
 * endpoints section) comes after it.
 */
export function WebhookDeliveries({ children }: { children?: React.ReactNode }) {
  const t = useTranslations("webhooks.deliveries");
  const tList = useTranslations("list");
  const statusLabel = useStatusLabel();
  const { dateTime } = useFormat();
  const viewer = useViewer();
  const { params, go, href, clear, navigating } = useListUrl();
  const query = apiQuery(new URLSearchParams(params.toString()), WEBHOOK_FILTER_KEYS);
  const deliveries = useDeliveries(query);
  const { data, error, isPending } = deliveries;
  const status = params.get("status") ?? "";
  const selectedId = params.get("delivery");
  const selected = data?.data.find((delivery) => delivery.id === selectedId);
  const allCount = data ? Object.values(data.counts).reduce((sum, count) => sum + count, 0) : undefined;
  const detail = useRef<HTMLDivElement>(null);
  // A chosen delivery opens below the table: bring it into view (on phones it is off screen).
  const shownId = selected?.id;
  useEffect(() => {
    if (shownId) detail.current?.scrollIntoView({ block: "nearest" });
  }, [shownId]);
  const select = (id: string) => go({ delivery: id, page: params.get("page") ?? undefined }, { scroll: false });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{t("title")}</h1>
          <p className="mt-1 text-sm text-slate-700">{t("intro")}</p>
        </div>
        <ExportLink list="webhook-deliveries" keys={WEBHOOK_FILTER_KEYS} />
      </div>

      {viewer.permissions.includes("transfer:sign") ? <SigningSecret /> : null}

      {children}

      <StatusTabs
        label={t("statusLabel")}
        selected={status}
        hrefFor={(value) => href({ status: value || undefined, delivery: undefined })}
        tabs={[
          { value: "", label: tList("all"), count: allCount },
          ...(Object.keys(DELIVERY_STATUS_LABELS) as WebhookDeliveryStatus[]).map((value) => ({
            value,
            label: statusLabel(value),
            count: data?.counts[value],
          })),
        ]}
      />

      <FilterPanel
        id="webhook-filters"
        onClear={clear}
        onApply={(form) => go({ type: formValue(form, "type"), object_id: formValue(form, "object_id"), delivery: undefined })}
      >
        <TextFilterField name="type" label={t("eventType")} placeholder="invoice.approved" />
        <TextFilterField name="object_id" label={t("recordId")} placeholder={t("recordIdPlaceholder")} className="sm:col-span-2" />
      </FilterPanel>

      {error ? <ErrorNote>{t("loadFailed", { message: error.message })}</ErrorNote> : null}

      <div
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
        {...listState(deliveries, navigating)}
        data-query={query.toString()}
        data-testid="deliveries"
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{t("caption")}</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-700">
            <tr>
              <th scope="col" className={cellClass}>{t("event")}</th>
              <th scope="col" className={`${cellClass} hidden md:table-cell`}>{t("record")}</th>
              <th scope="col" className={`${cellClass} hidden sm:table-cell`}>{t("status")}</th>
              <th scope="col" className={`${cellClass} text-right`}>{t("attempts")}</th>
              <SortableHeader label={t("created")} sortKey="created_at" className={`${cellClass} hidden md:table-cell`} />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data?.data.map((delivery) => {
              const isSelected = delivery.id === selectedId;
              const recordPath = recordPathOf(delivery);
              return (
                <tr
                  key={delivery.id}
                  data-testid="delivery-row"
                  data-delivery-id={delivery.id}
                  data-selected={isSelected || undefined}
                  className={`cursor-pointer ${isSelected ? "bg-indigo-50" : "hover:bg-slate-50"}`}
                  onClick={() => select(delivery.id)}
                >
                  <td className={cellClass}>
                    <button
                      type="button"
                      className="text-left font-medium text-indigo-800 underline-offset-2 hover:underline"
                      aria-current={isSelected ? "true" : undefined}
                      onClick={(event) => {
                        event.stopPropagation();
                        select(delivery.id);
                      }}
                    >
                      {delivery.type}
                    </button>
                    <div className="break-all font-mono text-xs text-slate-600">{delivery.id}</div>
                    <div className="mt-1 sm:hidden">
                      <StatusBadge status={delivery.status} />
                    </div>
                  </td>
                  <td className={`${cellClass} hidden md:table-cell`}>
                    {recordPath ? (
                      <Link href={recordPath} onClick={(event) => event.stopPropagation()} className="break-all font-mono text-xs text-indigo-800 underline">
                        {delivery.object_id}
                      </Link>
                    ) : (
                      <span className="break-all font-mono text-xs">{delivery.object_id}</span>
                    )}
                  </td>
                  <td className={`${cellClass} hidden sm:table-cell`}>
                    <StatusBadge status={delivery.status} testId="delivery-status" />
                  </td>
                  <td className={`${cellClass} text-right tabular-nums`}>{delivery.attempt_count}</td>
                  <td className={`${cellClass} hidden whitespace-nowrap text-slate-700 md:table-cell`}>{dateTime(delivery.created_at)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {isPending ? <p className="px-4 py-10 text-center text-slate-700">{t("loading")}</p> : null}
        {data && data.data.length === 0 ? <p className="px-4 py-10 text-center text-slate-700">{t("empty")}</p> : null}
      </div>

      <Pagination
        label={tList("pagination")}
        noun={t("one")}
        plural={t("other")}
        total={data?.paging.total_count ?? 0}
        page={Number(params.get("page") ?? "1")}
        pageSize={Number(params.get("page_size") ?? "20")}
        loaded={data !== undefined}
        testId="paging-summary"
        onPage={(page) => go({ page: String(page) })}
        onPageSize={(size) => go({ page_size: size })}
      />

      <div ref={detail} className="scroll-mt-4">
        {selected ? (
          <DeliveryDetail delivery={selected} canResend={viewer.permissions.includes("transfer:sign")} />
        ) : data && data.data.length > 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-700">
            {t("choose")}
          </p>
        ) : null}
      </div>
    </div>
  );
}
