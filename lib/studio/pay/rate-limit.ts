import "server-only";
// The public payment page has no API key to count: it is limited per client address and token
// (a payer's page polling its status stays far below it), and lookups of unknown tokens per client
// address, so no one can try tokens at speed. Behind no trusted proxy every client is one
// "direct" caller (lib/http/client-request): the per-token limit then holds per page.
import { perWindow, rateLimitStore, type Verdict } from "@/lib/rate-limit";
import { log } from "@/lib/observability/log";

export const PAY_PAGE_POLICIES = { page: perWindow(120, 60_000), unknown: perWindow(30, 60_000) };

async function take(key: string, policy: (typeof PAY_PAGE_POLICIES)[keyof typeof PAY_PAGE_POLICIES]): Promise<Verdict | undefined> {
  try {
    return await rateLimitStore().take(key, policy);
  } catch (error) {
    // As the API's limit: a store that cannot be reached lets the request through.
    log.error({ err: error }, "rate-limit store unavailable; pay page request let through");
    return undefined;
  }
}

/** Counts one request for `token`'s page from `client`; a refusal's verdict, else undefined. */
export async function takePayRequest(client: string, token: string): Promise<Verdict | undefined> {
  const verdict = await take(`pay:${client}:${token.slice(0, 64)}`, PAY_PAGE_POLICIES.page);
  return verdict && !verdict.allowed ? verdict : undefined;
}

/** Counts one lookup of a token that names no page; a refusal's verdict, else undefined. */
export async function takeUnknownPayToken(client: string): Promise<Verdict | undefined> {
  const verdict = await take(`pay-unknown:${client}`, PAY_PAGE_POLICIES.unknown);
  return verdict && !verdict.allowed ? verdict : undefined;
}
