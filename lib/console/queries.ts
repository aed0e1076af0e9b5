// Cached reads shared by every owner's pages: one record and its status log.
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/console/api";
import { apiPath, type Resource } from "@/lib/console/resources";
import type { StatusLog } from "@/lib/console/types";

export function useRecord<T extends { status_category: string }>(resource: Resource, id: string) {
  return useQuery({
    queryKey: [resource.key, "detail", id],
    queryFn: () => apiFetch<{ data: T }>(apiPath(resource, id)).then((body) => body.data),
    // While waiting for funds, follow the chain watcher's confirmation without a reload.
    refetchInterval: (query) => (query.state.data?.status_category === "awaiting_payment" ? 3000 : false),
  });
}

export function useStatusLog(resource: Resource, id: string, status: string | undefined) {
  return useQuery({
    queryKey: [resource.key, "logs", id, status],
    queryFn: () => apiFetch<{ data: StatusLog[] }>(apiPath(resource, id, "/logs")).then((body) => body.data),
    enabled: status !== undefined,
  });
}
