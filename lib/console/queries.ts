// The console's cached reads, one definition each: the query key, the browser's fetch through the
// console route, and the server's direct read for a page's prefetch. A page rendered on the server
// hands its prefetched queries to the browser's cache (lib/console/prefetch), so both sides must
// agree on every key and value: they do because they come from here.
import { keepPreviousData, useQuery, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { apiFetch } from "@/lib/console/api";
import { apiQuery, AUDIT_FILTER_KEYS, LEDGER_FILTER_KEYS, type FilterKey } from "@/lib/console/list-query";
import type { ConsoleReads } from "@/lib/console/reads";
import { apiPath, type Resource } from "@/lib/console/resources";
import { ORG_MANAGE_PERMISSION } from "@/lib/console/team-labels";
import type { ApprovalPolicy, Balance, ChainStatus, Dashboard, Inbox, InvoiceEmails, LedgerEntry, ListData, ListedApiKey, ListedAuditRow, PlainList, StatusLog, TeamUser, Transfer, UnmatchedDeposit, WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint } from "@/lib/console/types";

export type ConsoleQuery<T> = {
  queryKey: QueryKey;
  /** In the browser: the console route, which answers with `read`'s value. */
  queryFn: () => Promise<T>;
  /** On the server: the same value, read with the signed-in person's Studio client. */
  read: (reads: ConsoleReads) => Promise<T>;
  /** Queries whose key needs this one's answer (a record's timeline is keyed by its status). */
  dependents?(data: T): ConsoleQuery<unknown>[];
  /** Only people with this permission read it (their page shows it to them alone): the server's prefetch asks for no one else. */
  permission?: string;
};

/** The options `useQuery` takes from a definition. */
const options = <T>({ queryKey, queryFn }: ConsoleQuery<T>) => ({ queryKey, queryFn });

const detailKey = (resource: Resource, id: string) => [resource.key, "detail", id] as const;
// The status is part of the key: a record whose status moves on (also by the chain watcher,
// seen through the detail's polling) has its timeline fetched anew.
const logsKey = (resource: Resource, id: string, status?: string) => [resource.key, "logs", id, ...(status === undefined ? [] : [status])] as const;

export const DELIVERIES_KEY = ["webhooks", "deliveries"] as const;
export const ENDPOINTS_KEY = ["webhooks", "endpoints"] as const;
const INBOX_KEY = ["inbox"] as const;
export const APPROVAL_POLICIES_KEY = ["approval-policies"] as const;

/** One page of an owner's list, for the list's URL parameters. */
export function listQuery<T>(resource: Resource, params: URLSearchParams): ConsoleQuery<ListData<T>> & { query: URLSearchParams } {
  const query = apiQuery(params, resource.filterKeys);
  return {
    query,
    queryKey: [resource.key, "list", query.toString()],
    queryFn: () => apiFetch<ListData<T>>(`${apiPath(resource)}?${query}`),
    read: (reads) => reads.list(resource, query) as Promise<ListData<T>>,
  };
}

export function recordQuery<T extends { status: string }>(resource: Resource, id: string): ConsoleQuery<T> {
  return {
    queryKey: detailKey(resource, id),
    queryFn: () => apiFetch<{ data: T }>(apiPath(resource, id)).then((body) => body.data),
    read: (reads) => reads.record(resource, id) as Promise<T>,
    dependents: (record) => [statusLogQuery(resource, id, record.status)],
  };
}

export function statusLogQuery(resource: Resource, id: string, status: string | undefined): ConsoleQuery<StatusLog[]> {
  return {
    queryKey: logsKey(resource, id, status),
    queryFn: () => apiFetch<{ data: StatusLog[] }>(apiPath(resource, id, "/logs")).then((body) => body.data),
    read: (reads) => reads.logs(resource, id),
  };
}

export function balancesQuery(): ConsoleQuery<Balance[]> {
  return {
    queryKey: ["balances", "list"],
    queryFn: () => apiFetch<{ data: Balance[] }>("/api/balances").then((body) => body.data),
    read: (reads) => reads.balances(),
  };
}

/** The organization's latest withdrawals, with the policy step of those awaiting approval (the balances page). */
export function withdrawalsQuery(): ConsoleQuery<{ data: Transfer[] }> {
  const query = new URLSearchParams({ page_size: "10" });
  return {
    queryKey: ["balances", "withdrawals"],
    queryFn: () => apiFetch<{ data: Transfer[] }>(`/api/withdrawals?${query}`),
    read: (reads) => reads.withdrawals(query),
  };
}

export function useWithdrawals() {
  return useQuery(options(withdrawalsQuery()));
}

/** Each record kind's approval policy in force (the approvals settings page). */
export function approvalPoliciesQuery(): ConsoleQuery<ApprovalPolicy[]> {
  return {
    queryKey: APPROVAL_POLICIES_KEY,
    queryFn: () => apiFetch<{ data: ApprovalPolicy[] }>("/api/approval-policies").then((body) => body.data),
    read: (reads) => reads.approvalPolicies(),
  };
}

export function useApprovalPolicies() {
  return useQuery(options(approvalPoliciesQuery()));
}

/** A list whose filters and page live in the URL (components/ui/url-list): which route, which parameters. */
export type UrlList = {
  queryKey: readonly string[];
  /** The console route that answers the list. */
  path: string;
  /** The URL parameters the list takes. */
  keys: readonly FilterKey[];
  pageSize: string;
};

/** The query of a URL list for the page's URL parameters: the same key in the browser and the server's prefetch. */
export function urlListQuery<Body>(list: UrlList, params: URLSearchParams): Omit<ConsoleQuery<Body>, "read"> & { query: URLSearchParams } {
  const query = apiQuery(params, list.keys);
  if (!query.has("page_size")) query.set("page_size", list.pageSize);
  return { query, queryKey: [...list.queryKey, query.toString()], queryFn: () => apiFetch<Body>(`${list.path}?${query}`) };
}

export const LEDGER_LIST: UrlList = { queryKey: ["balances", "ledger"], path: "/api/balances/ledger", keys: LEDGER_FILTER_KEYS, pageSize: "20" };

/** One page of the balance ledger, for the balances page's URL parameters. */
export function ledgerQuery(params: URLSearchParams): ConsoleQuery<ListData<LedgerEntry, string>> {
  const list = urlListQuery<ListData<LedgerEntry, string>>(LEDGER_LIST, params);
  return { ...list, read: (reads) => reads.ledger(list.query) };
}

export const AUDIT_LIST: UrlList = { queryKey: ["team", "audit"], path: "/api/team/audit", keys: AUDIT_FILTER_KEYS, pageSize: "50" };

/** One page of the audit log, for the audit page's URL parameters. */
export function auditQuery(params: URLSearchParams): ConsoleQuery<PlainList<ListedAuditRow>> {
  const list = urlListQuery<PlainList<ListedAuditRow>>(AUDIT_LIST, params);
  return { ...list, read: (reads) => reads.auditLog(list.query) };
}

export const TEAM_USERS_LIST: UrlList = { queryKey: ["team", "users"], path: "/api/team/users", keys: ["page", "page_size"], pageSize: "50" };

/** One page of the organization's people, for the team page's URL parameters. */
export function teamUsersQuery(params: URLSearchParams): ConsoleQuery<PlainList<TeamUser>> {
  const list = urlListQuery<PlainList<TeamUser>>(TEAM_USERS_LIST, params);
  return { ...list, read: (reads) => reads.teamUsers(list.query) };
}

export const TEAM_KEYS_LIST: UrlList = { queryKey: ["team", "keys"], path: "/api/team/keys", keys: ["page", "page_size"], pageSize: "20" };

/** One page of the organization's API keys, for the keys page's URL parameters. */
export function teamKeysQuery(params: URLSearchParams): ConsoleQuery<PlainList<ListedApiKey>> {
  const list = urlListQuery<PlainList<ListedApiKey>>(TEAM_KEYS_LIST, params);
  return { ...list, read: (reads) => reads.teamKeys(list.query) };
}

/** What waits for the signed-in person's approval: the inbox page's rows and the nav's count. */
export function inboxQuery(): ConsoleQuery<Inbox> {
  return {
    queryKey: INBOX_KEY,
    queryFn: () => apiFetch<{ data: Inbox }>("/api/inbox").then((body) => body.data),
    read: (reads) => reads.inbox(),
  };
}

export function useInbox() {
  return useQuery(options(inboxQuery()));
}

/** How many records wait for the signed-in person, without the rows (the nav's badge on every page). */
export function useInboxCount({ enabled }: { enabled: boolean }) {
  return useQuery({
    // Under the inbox's key, so whatever changes the inbox reads the count again too.
    queryKey: [...INBOX_KEY, "count"],
    queryFn: () => apiFetch<{ data: Inbox }>("/api/inbox?limit=0").then((body) => body.data.count),
    enabled,
  });
}

/** After actions taken from the inbox (or anywhere): its rows and the nav's count are read again. */
export function inboxChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: INBOX_KEY });
}

export function useRecord<T extends { status: string; status_category: string }>(resource: Resource, id: string) {
  return useQuery({
    ...options(recordQuery<T>(resource, id)),
    // While waiting for funds, follow the chain watcher's confirmation without a reload.
    refetchInterval: (query) => (query.state.data?.status_category === "awaiting_payment" ? 3000 : false),
  });
}

export function useStatusLog(resource: Resource, id: string, status: string | undefined) {
  return useQuery({ ...options(statusLogQuery(resource, id, status)), enabled: status !== undefined });
}

export function useBalances() {
  return useQuery(options(balancesQuery()));
}

/** The dashboard's figures for the page's `interval` (day, week or month; the API's default when absent). */
export function dashboardQuery(params: URLSearchParams): ConsoleQuery<Dashboard> {
  const query = new URLSearchParams();
  const interval = params.get("interval");
  if (interval) query.set("interval", interval);
  return {
    queryKey: ["dashboard", query.toString()],
    queryFn: () => apiFetch<{ data: Dashboard }>(`/api/dashboard?${query}`).then((body) => body.data),
    read: (reads) => reads.dashboard(query),
  };
}

export function chainsQuery(): ConsoleQuery<ChainStatus[]> {
  return {
    queryKey: ["chains", "list"],
    queryFn: () => apiFetch<{ data: ChainStatus[] }>("/api/chains").then((body) => body.data),
    read: (reads) => reads.chains(),
  };
}

export function useChains() {
  return useQuery(options(chainsQuery()));
}

export function unmatchedDepositsQuery(): ConsoleQuery<UnmatchedDeposit[]> {
  return {
    queryKey: ["chains", "unmatched-deposits"],
    queryFn: () => apiFetch<{ data: UnmatchedDeposit[] }>("/api/chains/unmatched-deposits").then((body) => body.data),
    read: (reads) => reads.unmatchedDeposits(),
  };
}

export function useUnmatchedDeposits() {
  return useQuery(options(unmatchedDepositsQuery()));
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
    // An approval, a rejection or an edit moves records into or out of someone's inbox.
    inboxChanged(queryClient),
  ]);
  await queryClient.invalidateQueries({ queryKey: logsKey(resource, record.id, record.status), exact: true });
}

export const INVOICE_EMAILS_KEY = ["invoice-emails"] as const;

/** An invoice's e-mails; polled while one is waiting to be sent, and read again when the invoice's status moves. */
export function useInvoiceEmails(invoiceId: string, recordStatus: string) {
  return useQuery({
    queryKey: [...INVOICE_EMAILS_KEY, invoiceId, recordStatus],
    queryFn: () => apiFetch<{ data: InvoiceEmails }>(`/api/invoices/${encodeURIComponent(invoiceId)}/emails`).then((body) => body.data),
    refetchInterval: (state) => (state.state.data?.emails.some((email) => email.status === "pending") ? 1500 : false),
  });
}

/** One page of webhook deliveries: the webhooks page's log, or a record's own section. */
export function deliveriesQuery(query: URLSearchParams, recordStatus?: string): ConsoleQuery<ListData<WebhookDelivery, WebhookDeliveryStatus>> {
  return {
    // A record's section keys on its status too: a new status is a new event to show.
    queryKey: [...DELIVERIES_KEY, query.toString(), ...(recordStatus === undefined ? [] : [recordStatus])],
    queryFn: () => apiFetch<ListData<WebhookDelivery, WebhookDeliveryStatus>>(`/api/webhooks/deliveries?${query}`),
    read: (reads) => reads.webhookDeliveries(query),
  };
}

/** While any shown delivery is pending, polled: the dispatcher's next attempt shows without a reload. */
export function useDeliveries(query: URLSearchParams, recordStatus?: string) {
  return useQuery({
    ...options(deliveriesQuery(query, recordStatus)),
    placeholderData: keepPreviousData,
    refetchInterval: (state) => (state.state.data?.data.some((delivery) => delivery.status === "pending") ? 1500 : false),
  });
}

/** The organization's webhook endpoints (org:manage; the webhooks page shows them to those only). */
export function webhookEndpointsQuery(): ConsoleQuery<PlainList<WebhookEndpoint>> {
  const query = new URLSearchParams({ page_size: "100" });
  return {
    queryKey: ENDPOINTS_KEY,
    queryFn: () => apiFetch<PlainList<WebhookEndpoint>>(`/api/webhooks/endpoints?${query}`),
    read: (reads) => reads.webhookEndpoints(query),
    permission: ORG_MANAGE_PERMISSION,
  };
}

export function useWebhookEndpoints() {
  return useQuery(options(webhookEndpointsQuery()));
}
