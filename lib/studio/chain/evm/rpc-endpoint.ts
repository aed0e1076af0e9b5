import "server-only";
// A node's URL as configured (CHAIN_<ID>_RPC_URL) may carry secrets: `user:pass@` credentials
// (basic auth, as self-hosted nodes and some providers use) or a key in the path or query (as
// Alchemy's /v2/<key> or Infura's). Every request goes to the URL without its credentials, with
// them in an Authorization header instead (fetch refuses URLs that hold credentials), and
// everything a person reads (start errors, logs, error text stored in the database) names the
// node by its origin only: the credentials, the key-bearing path and the headers are never written
// anywhere. Error texts carry the URL anyway (viem's say "URL: https://host/v2/<key>"), so each
// endpoint registers its secret parts with redactSecrets, which every log line and every stored
// RPC error passes through.
import { registerSecretText } from "@/lib/observability/redact";

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
  const endpoint = { url: url.toString(), headers, shown: url.origin };
  registerSecrets(configured, endpoint);
  return endpoint;
}

function registerSecrets(configured: string, endpoint: RpcEndpoint): void {
  const url = new URL(endpoint.url);
  const pathAndQuery = `${url.pathname}${url.search}`;
  // The whole URL as given and as sent (with and without a trailing slash), then its parts alone.
  for (const whole of [configured, endpoint.url, endpoint.url.replace(/\/$/, "")]) registerSecretText(whole, endpoint.shown);
  for (const part of [pathAndQuery, url.pathname, url.search, decoded(url.pathname)]) {
    if (part !== "/") registerSecretText(part, "[redacted]");
  }
  const original = new URL(configured);
  for (const password of [original.password, decoded(original.password)]) registerSecretText(password, "[redacted]");
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
