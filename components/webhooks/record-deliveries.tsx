"use client";
import Link from "next/link";
import { Code, ErrorNote, Section } from "@/components/payments/detail";
import { StatusBadge } from "@/components/payments/status-badge";
import { formatDateTime } from "@/lib/console/format";
import { useDeliveries } from "@/lib/console/queries";
import { deliveryPath } from "@/lib/console/webhooks";

/** A record's own webhook deliveries (newest first), each opening on /webhooks with its payload and attempts. */
export function RecordDeliveries({ recordId, noun, callbackUrl, status }: { recordId: string; noun: string; callbackUrl: string | null | undefined; status: string }) {
  const { data, error } = useDeliveries(new URLSearchParams({ object_id: recordId, page_size: "20" }), status);
  const deliveries = data?.data ?? [];
  return (
    <Section id="webhooks" title="Webhook deliveries">
      {error ? <ErrorNote>Could not load webhook deliveries: {error.message}</ErrorNote> : null}
      {!callbackUrl && deliveries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="deliveries-empty">
          This {noun} has no callback URL: its status changes are not sent anywhere.
        </p>
      ) : data && deliveries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="deliveries-empty">
          No deliveries yet. Each status change is sent to <Code>{callbackUrl}</Code>
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Webhook deliveries">
          {deliveries.map((delivery) => (
            <li key={delivery.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm" data-testid="record-delivery">
              <Link href={deliveryPath(delivery)} className="font-medium text-indigo-800 underline-offset-2 hover:underline">
                {delivery.type}
              </Link>
              <StatusBadge status={delivery.status} />
              <span className="text-slate-700">
                {delivery.attempt_count} attempt{delivery.attempt_count === 1 ? "" : "s"}
              </span>
              <span className="ml-auto whitespace-nowrap text-slate-700">{formatDateTime(delivery.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
      {data && data.paging.total_count > deliveries.length ? (
        <Link href={`/webhooks?${new URLSearchParams({ object_id: recordId })}`} className="mt-2 inline-block text-sm text-indigo-800 underline">
          All {data.paging.total_count} deliveries
        </Link>
      ) : null}
    </Section>
  );
}
