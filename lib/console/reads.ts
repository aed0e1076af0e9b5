import "server-only";
import { namesForUids } from "@/lib/console/accounts";
import type { Resource } from "@/lib/console/resources";
import type { StudioClient } from "@/lib/console/studio-client";
import { teamNames } from "@/lib/console/team";
import type { ApprovalPolicy, Balance, ChainStatus, Dashboard, Inbox, LedgerEntry, ListData, ListedApiKey, ListedAuditRow, PlainList, StatusLog, TeamUser, UnmatchedDeposit, WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint } from "@/lib/console/types";

/**
 * What the console reads from the Studio with the signed-in person's client, in the shape its
 * cached queries hold. The console's GET routes answer with these (the browser's fetchers) and a
 * page's server prefetch calls them directly (lib/console/prefetch), so both fill a query key
 * with the same value.
 */
export function consoleReads(client: StudioClient) {
  const owner = (resource: Resource) =>
    (resource.key === "payment-intents" ? client.paymentIntents : client[resource.key]) as {
      list: (query: URLSearchParams) => Promise<ListData<unknown>>;
      get: (id: string) => Promise<unknown>;
      logs: (id: string) => Promise<StatusLog[]>;
    };
  return {
    list: (resource: Resource, query: URLSearchParams) => owner(resource).list(query),
    record: (resource: Resource, id: string) => owner(resource).get(id),
    // The log with the operator names the console knows.
    logs: async (resource: Resource, id: string) => withOperatorNames(await owner(resource).logs(id)),
    balances: (): Promise<Balance[]> => client.balances(),
    chains: (): Promise<ChainStatus[]> => client.chains(),
    unmatchedDeposits: (): Promise<UnmatchedDeposit[]> => client.unmatchedDeposits(),
    ledger: (query: URLSearchParams): Promise<ListData<LedgerEntry, string>> => client.ledger(query),
    dashboard: (query: URLSearchParams): Promise<Dashboard> => client.dashboard(query),
    inbox: (query?: URLSearchParams): Promise<Inbox> => client.inbox(query),
    withdrawals: (query: URLSearchParams) => client.withdrawals.list(query),
    approvalPolicies: (): Promise<ApprovalPolicy[]> => client.approvalPolicies.list(),
    webhookDeliveries: (query: URLSearchParams): Promise<ListData<WebhookDelivery, WebhookDeliveryStatus>> => client.webhooks.deliveries(query),
    webhookEndpoints: (query: URLSearchParams): Promise<PlainList<WebhookEndpoint>> => client.webhooks.endpoints.list(query),
    teamUsers: (query: URLSearchParams): Promise<PlainList<TeamUser>> => client.users.list(query),
    /** One page of the organization's API keys, each with its owner's name. */
    teamKeys: async (query: URLSearchParams): Promise<PlainList<ListedApiKey>> => {
      const [keys, names] = await Promise.all([client.apiKeys.list(query), teamNames(client)]);
      return { ...keys, data: keys.data.map((key) => ({ ...key, owner_name: names.get(key.uid) ?? null })) };
    },
    /** One page of the audit log, each row with its actor's name. */
    auditLog: async (query: URLSearchParams): Promise<PlainList<ListedAuditRow>> => {
      const [log, names] = await Promise.all([client.auditLog(query), teamNames(client)]);
      return { ...log, data: log.data.map((row) => ({ ...row, actor_name: row.actor_uid ? (names.get(row.actor_uid) ?? null) : null })) };
    },
  };
}

export type ConsoleReads = ReturnType<typeof consoleReads>;

/** A status log with the operator names the console knows. */
export async function withOperatorNames(logs: StatusLog[]): Promise<StatusLog[]> {
  const names = await namesForUids([...new Set(logs.map((log) => log.operator_uid))]);
  return logs.map((log) => ({ ...log, operator_name: names.get(log.operator_uid) }));
}
