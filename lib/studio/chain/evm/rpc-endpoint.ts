import "server-only";
// A node's URL as configured (CHAIN_<ID>_RPC_URL) may carry secrets: `user:pass@` credentials
// (basic auth, as self-hosted nodes and some providers use) or a key in the path or query (as
// Alchemy's /v2/<key> or Infura's). Every request goes to the URL without its credentials, with
// them in an Authorization header instead (fetch refuses URLs that hold credentials), and
// everything a person reads (start errors, logs) names the node by its origin only: the
// credentials, the key-bearing path and the headers are never written anywhere.

export type RpcEndpoint = {
  /** Where requests go: the configured URL without its `user:pass@`. */
  url: string;
  /** Sent with every request: the Authorization header when the URL had credentials. */
  headers: Record<string, string>;
  /** The node as messages name it: scheme, host and port only. */
  shown: string;
};

export function rpcEndpoint(configured: string): RpcEndpoint {
  const url = new URL(configured);
  const headers: Record<string, string> = {};
  if (url.username || url.password) {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials, "utf8").toString("base64")}`;
    url.username = "";
    url.password = "";
  }
  return { url: url.toString(), headers, shown: url.origin };
}
