// Cached reads shared by every owner's pages: one record, its status log and its webhook deliveries.
import { keepPreviousData, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/console/api";
import { apiPath, type Resource } from "@/lib/console/resources";
import type { ListData, StatusLog, WebhookDelivery, WebhookDeliveryStatus } from "@/lib/console/types";

const detailKey = (resource: Resource, id: string) => [resource.key, "detail", id] as const;
// The status is part of the key: a record whose status moves on (also by the chain watcher,
// seen through the detail's polling) has its timeline fetched anew.
const logsKey = (resource: Resource, id: string, status?: string) => [resource.key, "logs", id, ...(status === undefined ? [] : [status])] as const;

export const DELIVERIES_KEY = ["webhooks", "deliveries"] as const;

export function useRecord<T extends { status_category: string }>(resource: Resource, id: string) {
  return useQuery({
    queryKey: detailKey(resource, id),
    queryFn: () => apiFetch<{ data: T }>(apiPath(resource, id)).then((body) => body.data),
    // While waiting for funds, follow the chain watcher's confirmation without a reload.
    refetchInterval: (query) => (query.state.data?.status_category === "awaiting_payment" ? 3000 : false),
  });
}

export function useStatusLog(resource: Resource, id: string, status: string | undefined) {
  return useQuery({
    queryKey: logsKey(resource, id, status),
    queryFn: () => apiFetch<{ data: StatusLog[] }>(apiPath(resource, id, "/logs")).then((body) => body.data),
    enabled: status !== undefined,
  });
}

/**
 * After an action or a save: the record the console route answered with becomes the cached
 * detail, no refetch. What it cannot tell is marked stale: its timelines (the one on screen is
 * refetched now if the status stayed; a new status is a new key that fetches itself) and the
 * lists, whose rows and counts it changed (refetched when shown).
 */
export async function recordChanged(queryClient: QueryClient, resource: Resource, record: { id: string; status: string }): Promise<void> {
  queryClient.setQueryData(detailKey(resource, record.id), record);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: logsKey(resource, record.id), refetchType: "none" }),
    queryClient.invalidateQueries({ queryKey: [resource.key, "list"] }),
    queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY, refetchType: "none" }),
  ]);
  await queryClient.invalidateQueries({ queryKey: logsKey(resource, record.id, record.status), exact: true });
}

/**
 * One page of webhook deliveries (the webhooks page, a record's own section). While any shown
 * delivery is pending, polled: the dispatcher's next attempt shows without a reload.
 */
export function useDeliveries(query: URLSearchParams, recordStatus?: string) {
  return useQuery({
    // A record's section keys on its status too: a new status is a new event to show.
    queryKey: [...DELIVERIES_KEY, query.toString(), ...(recordStatus === undefined ? [] : [recordStatus])],
    queryFn: () => apiFetch<ListData<WebhookDelivery, WebhookDeliveryStatus>>(`/api/webhooks/deliveries?${query}`),
    placeholderData: keepPreviousData,
    refetchInterval: (state) => (state.state.data?.data.some((delivery) => delivery.status === "pending") ? 1500 : false),
  });
}
