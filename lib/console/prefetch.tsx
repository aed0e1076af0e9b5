import "server-only";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { pageContext } from "@/lib/console/page-session";
import type { ConsoleQuery } from "@/lib/console/queries";
import { consoleReads, type ConsoleReads } from "@/lib/console/reads";
import { StudioApiError } from "@/lib/console/studio-client";
import { log } from "@/lib/observability/log";

/**
 * A console page's first data, read on the server and handed to the browser's query cache, so the
 * first HTML already holds the rows, counts and record (no empty page that jumps when a client
 * fetch lands) and the browser does not fetch it again while it is fresh.
 *
 * The state travels in React's payload inside the page's nonce'd scripts, escaped by React and
 * Next.js like every other prop; it holds only what the person's own Studio key may read, and
 * never a failed query (those are fetched, and their error shown, in the browser).
 */
export async function Prefetched({ queries, children }: { queries: ConsoleQuery<unknown>[]; children: React.ReactNode }) {
  const ctx = await pageContext();
  if (!ctx) return children;
  const queryClient = new QueryClient();
  const readable = queries.some((query) => query.permission) ? new Set<string>((await ctx.me()).permissions) : undefined;
  const asked = queries.filter((query) => !query.permission || readable?.has(query.permission));
  await Promise.all(asked.map((query) => prefetch(queryClient, consoleReads(ctx.client), query)));
  return <HydrationBoundary state={dehydrate(queryClient)}>{children}</HydrationBoundary>;
}

async function prefetch(queryClient: QueryClient, reads: ConsoleReads, query: ConsoleQuery<unknown>): Promise<void> {
  let data: unknown;
  try {
    data = await query.read(reads);
  } catch (error) {
    // A record that is not there, or a Studio that answers an error: the browser asks again and says so.
    if (!(error instanceof StudioApiError)) log.error({ err: error }, "console prefetch failed");
    return;
  }
  queryClient.setQueryData(query.queryKey, data);
  await Promise.all((query.dependents?.(data) ?? []).map((dependent) => prefetch(queryClient, reads, dependent)));
}

/** A page's `searchParams` as the URLSearchParams the browser's `useSearchParams` reads. */
export async function urlParams(searchParams: Promise<Record<string, string | string[] | undefined>>): Promise<URLSearchParams> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, item);
  }
  return params;
}
