import "server-only";
// Drains the webhook outbox: claims due events with a lease (FOR UPDATE SKIP LOCKED, so several
// dispatchers never claim one attempt twice), sends each signed, and records every attempt.
// At least once: a dispatcher that dies mid-send leaves its lease to expire and the event is sent again.
import http from "node:http";
import https from "node:https";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { nextRetryAt } from "@/lib/studio/webhooks/schedule";
import { signedHeaders } from "@/lib/studio/webhooks/sign";
import { signingSecrets } from "@/lib/studio/webhooks/organization-endpoints";
import { checkWebhookUrl, guardedLookup, TargetRefused } from "@/lib/studio/webhooks/ssrf-guard";
import { onNudge } from "@/lib/studio/webhooks/wake";
import { logError } from "@/lib/observability/log";
import { metrics } from "@/lib/observability/metrics";

const BATCH = 100;
// How many of the oldest due events one claim ranks for fairness.
const CANDIDATES = 1_000;
// Attempts one dispatcher has in flight at once, over all endpoints.
const MAX_IN_FLIGHT = 100;
const RESPONSE_KEPT_BYTES = 1024;
// Longer than any attempt can take, so a lease runs out only when its dispatcher is gone.
const leaseMs = () => env.WEBHOOK_TIMEOUT_MS * 2 + 5_000;

type Claimed = {
  id: string;
  url: string;
  payload: string;
  /** Who signs: the organization's secret (a callback_url), or a webhook endpoint's sealed secrets. */
  signer: { orgSecret: string } | { endpoint: { id: string; secretSealed: string; previousSecretSealed: string | null; previousSecretExpiresAt: Date | null } };
  attemptNumber: number;
  roundAttempt: number;
  leaseToken: string;
};

/**
 * Claims up to `limit` due events, skipping any whose object has an earlier event still pending to
 * the same destination (a callback_url, or one webhook endpoint: one receiver that fails holds up
 * no other's), fairly: each organization's oldest due event comes before any organization's second, and no
 * endpoint (an organization's callback URL or webhook endpoint URL) gets more than WEBHOOK_ENDPOINT_CONCURRENCY attempts in flight
 * (leased), so a receiver that never answers holds only its own events, never anyone else's.
 */
export async function claimDueEvents(limit = BATCH, now = new Date()): Promise<Claimed[]> {
  const database = await db();
  const leaseToken = randomBytes(12).toString("hex");
  const nowIso = now.toISOString();
  const leaseUntil = new Date(now.getTime() + leaseMs()).toISOString();
  // The candidates are the oldest due events of endpoints with room; ranked within them. Two
  // dispatchers claiming at the same instant may each see the same room: the cap can be passed
  // by at most the number of dispatcher claims racing, never by a whole backlog.
  const result = await database.execute(sql`
    WITH in_flight AS (
      SELECT org_id, url, count(*)::int AS n FROM webhook_events
      WHERE status = 'pending' AND lease_until >= ${nowIso}::timestamptz
      GROUP BY org_id, url
    ), candidates AS (
      SELECT e.id, e.org_id, e.url, e.next_attempt_at, e.seq, COALESCE(f.n, 0) AS busy
      FROM webhook_events e
      LEFT JOIN in_flight f ON f.org_id = e.org_id AND f.url = e.url
      WHERE e.status = 'pending' AND e.next_attempt_at <= ${nowIso}::timestamptz
        AND (e.lease_until IS NULL OR e.lease_until < ${nowIso}::timestamptz)
        AND COALESCE(f.n, 0) < ${env.WEBHOOK_ENDPOINT_CONCURRENCY}
        AND NOT EXISTS (
          SELECT 1 FROM webhook_events earlier
          WHERE earlier.object_id = e.object_id AND earlier.seq < e.seq AND earlier.status = 'pending'
            AND earlier.endpoint_id IS NOT DISTINCT FROM e.endpoint_id
        )
      ORDER BY e.next_attempt_at, e.seq
      LIMIT ${CANDIDATES}
    ), ranked AS (
      SELECT id, busy, next_attempt_at, seq,
        ROW_NUMBER() OVER (PARTITION BY org_id, url ORDER BY next_attempt_at, seq) AS endpoint_rank,
        ROW_NUMBER() OVER (PARTITION BY org_id ORDER BY next_attempt_at, seq) AS org_rank
      FROM candidates
    ), due AS (
      SELECT e.id FROM webhook_events e JOIN ranked r ON r.id = e.id
      WHERE r.endpoint_rank + r.busy <= ${env.WEBHOOK_ENDPOINT_CONCURRENCY}
        -- Said again on the locked row itself: the candidates come from this statement's snapshot,
        -- and on PostgreSQL a row another dispatcher claimed and committed meanwhile is locked in its
        -- new version, where only the conditions on e are checked again. Without these it would be
        -- claimed (and sent) a second time.
        AND e.status = 'pending' AND e.next_attempt_at <= ${nowIso}::timestamptz
        AND (e.lease_until IS NULL OR e.lease_until < ${nowIso}::timestamptz)
      ORDER BY r.org_rank, r.next_attempt_at, r.seq
      LIMIT ${limit}
      FOR UPDATE OF e SKIP LOCKED
    ), claimed AS (
      UPDATE webhook_events w
      SET lease_token = ${leaseToken}, lease_until = ${leaseUntil}::timestamptz,
          attempt_count = w.attempt_count + 1, scheduled_attempts = w.scheduled_attempts + 1
      FROM due
      WHERE w.id = due.id
      RETURNING w.id, w.org_id, w.endpoint_id, w.url, w.payload, w.attempt_count, w.scheduled_attempts
    )
    -- The secrets are read at each attempt, not queued with the event: a rotation signs what is still to be sent.
    SELECT c.*, o.webhook_secret, ep.secret_sealed, ep.previous_secret_sealed, ep.previous_secret_expires_at::text AS previous_secret_expires_at
    FROM claimed c
    JOIN organizations o ON o.id = c.org_id
    LEFT JOIN webhook_endpoints ep ON ep.id = c.endpoint_id`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map((row) => ({
    id: row.id as string,
    url: row.url as string,
    payload: row.payload as string,
    signer: row.endpoint_id
      ? {
          endpoint: {
            id: row.endpoint_id as string,
            secretSealed: row.secret_sealed as string,
            previousSecretSealed: (row.previous_secret_sealed as string | null) ?? null,
            previousSecretExpiresAt: row.previous_secret_expires_at ? new Date(row.previous_secret_expires_at as string) : null,
          },
        }
      : { orgSecret: row.webhook_secret as string },
    attemptNumber: Number(row.attempt_count),
    roundAttempt: Number(row.scheduled_attempts),
    leaseToken,
  }));
}

export type AttemptOutcome = { statusCode: number | null; error: string | null; latencyMs: number; responseBody: string | null; startedAt: Date };

const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/** One POST of `body` to `rawUrl`: never follows a redirect, gives up after WEBHOOK_TIMEOUT_MS. */
export async function sendWebhook(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate?: boolean; timeoutMs?: number } = {},
): Promise<AttemptOutcome> {
  const allowPrivate = options.allowPrivate ?? env.WEBHOOK_ALLOW_PRIVATE;
  const timeoutMs = options.timeoutMs ?? env.WEBHOOK_TIMEOUT_MS;
  const startedAt = new Date();
  const started = performance.now();
  const done = (partial: Pick<AttemptOutcome, "statusCode" | "error" | "responseBody">): AttemptOutcome => ({
    ...partial,
    latencyMs: Math.round(performance.now() - started),
    startedAt,
  });
  const url = checkWebhookUrl(rawUrl, allowPrivate);
  if ("refused" in url) return done({ statusCode: null, error: url.refused, responseBody: null });
  const transport = url.protocol === "https:" ? https : http;
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Pick<AttemptOutcome, "statusCode" | "error" | "responseBody">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(outcome));
    };
    const request = transport.request(url, {
      method: "POST",
      agent: agents[url.protocol as "http:" | "https:"],
      lookup: guardedLookup(allowPrivate),
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        "user-agent": "Studio-Webhooks/1",
      },
    });
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: `timed out after ${timeoutMs} ms`, responseBody: null });
      request.destroy();
    }, timeoutMs);
    request.on("error", (error) => {
      const message = error instanceof TargetRefused ? error.message : `connection failed: ${(error as NodeJS.ErrnoException).code ?? error.message}`;
      finish({ statusCode: null, error: message, responseBody: null });
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const settle = () => {
        const text = Buffer.concat(chunks).subarray(0, RESPONSE_KEPT_BYTES).toString("utf8");
        const status = response.statusCode ?? 0;
        const error = status >= 300 && status < 400 ? `redirect not followed (${status} to ${response.headers.location ?? "nowhere"})` : null;
        finish({ statusCode: status, error, responseBody: text });
      };
      response.on("data", (chunk: Buffer) => {
        if (kept >= RESPONSE_KEPT_BYTES) return;
        chunks.push(chunk);
        kept += chunk.length;
        // Only the first KiB is kept: a receiver streaming more is not waited for.
        if (kept >= RESPONSE_KEPT_BYTES) {
          settle();
          response.destroy();
        }
      });
      response.on("end", settle);
      response.on("error", settle);
    });
    request.end(body);
  });
}

const succeeded = (outcome: AttemptOutcome) => outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;

async function attempt(event: Claimed): Promise<{ event: Claimed; outcome: AttemptOutcome }> {
  const now = new Date();
  let secrets: string[];
  try {
    secrets = "orgSecret" in event.signer ? [event.signer.orgSecret] : signingSecrets(event.signer.endpoint, now);
  } catch (error) {
    // A sealed secret that does not open (STUDIO_SECRET changed): logged as the attempt's failure, never sent unsigned.
    logError(`webhook ${event.id}: the endpoint's signing secret could not be opened`, error);
    return { event, outcome: { statusCode: null, error: "the endpoint's signing secret could not be opened", latencyMs: 0, responseBody: null, startedAt: now } };
  }
  const headers = signedHeaders(secrets, event.id, event.payload, now);
  return { event, outcome: await sendWebhook(event.url, event.payload, headers) };
}

/**
 * Logs a batch's attempts and moves its events on, in one statement (one round trip, atomic):
 * the attempts are inserted, and every event whose lease this dispatcher still holds becomes
 * delivered, due again at its next retry time, or failed once its schedule is used up.
 */
async function recordAttempts(results: Array<{ event: Claimed; outcome: AttemptOutcome }>): Promise<void> {
  if (results.length === 0) return;
  const database = await db();
  const finishedAt = new Date();
  const rows = results.map(({ event, outcome }) => {
    const ok = succeeded(outcome);
    const retryAt = ok ? null : nextRetryAt(event.roundAttempt, finishedAt);
    return {
      event_id: event.id,
      lease_token: event.leaseToken,
      attempt_number: event.attemptNumber,
      // The first attempt of a round that is not the event's first: someone pressed re-send.
      manual: event.roundAttempt === 1 && event.attemptNumber > 1,
      url: event.url,
      status_code: outcome.statusCode,
      error: outcome.error ?? (ok ? null : `HTTP ${outcome.statusCode}`),
      latency_ms: outcome.latencyMs,
      response_body: outcome.responseBody,
      started_at: outcome.startedAt.toISOString(),
      next_status: ok ? "delivered" : retryAt ? "pending" : "failed",
      next_attempt_at: retryAt?.toISOString() ?? null,
    };
  });
  // One JSON parameter rather than a parameter per field: the statement stays the same size
  // whatever the batch, and both drivers pass it the same way.
  await database.execute(sql`
    WITH outcome AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(
        event_id text, lease_token text, attempt_number int, manual boolean, url text, status_code int,
        error text, latency_ms int, response_body text, started_at timestamptz, next_status text, next_attempt_at timestamptz)
    ), logged AS (
      INSERT INTO webhook_attempts (event_id, attempt_number, manual, url, status_code, error, latency_ms, response_body, started_at)
      SELECT event_id, attempt_number, manual, url, status_code, error, latency_ms, response_body, started_at FROM outcome
    )
    UPDATE webhook_events w
    SET status = outcome.next_status,
        delivered_at = CASE WHEN outcome.next_status = 'delivered' THEN ${finishedAt.toISOString()}::timestamptz ELSE w.delivered_at END,
        next_attempt_at = COALESCE(outcome.next_attempt_at, w.next_attempt_at),
        lease_token = NULL, lease_until = NULL
    FROM outcome
    -- Only the lease holder moves an event on (a lease that ran out belongs to someone else now).
    WHERE w.id = outcome.event_id AND w.lease_token = outcome.lease_token`);
  for (const row of rows) metrics.webhookAttempts.inc({ outcome: row.next_status === "pending" ? "retry" : row.next_status });
}

/** One round: claims a batch and sends it concurrently; returns how many attempts it made. */
export async function drainOutbox(limit = BATCH): Promise<number> {
  // One claim shares one lease token: the whole batch is this dispatcher's until it records it.
  const claimed = await claimDueEvents(limit);
  await recordAttempts(await Promise.all(claimed.map((event) => attempt(event))));
  return claimed.length;
}

/**
 * Drains until stopped: claims whenever it has room for more attempts (at once when nudged by a
 * commit in this process, or when an attempt finishes; else every `pollMs`). Each attempt is
 * recorded when it finishes, never waiting for the others claimed with it: a slow receiver holds
 * up only its own attempts (and, by WEBHOOK_ENDPOINT_CONCURRENCY, only a few of them).
 */
export function startDispatcher(pollMs: number = env.WEBHOOK_POLL_MS, log: (message: string, error?: unknown) => void = logError) {
  let stopped = false;
  const inFlight = new Set<Promise<void>>();
  let claiming: Promise<void> | undefined;
  let claimAgain = false;

  // Finished attempts are recorded together while a record is being written: one statement per
  // round trip however many finish meanwhile.
  let finished: Array<{ event: Claimed; outcome: AttemptOutcome }> = [];
  let recording: Promise<void> | undefined;
  const record = (result: { event: Claimed; outcome: AttemptOutcome }): Promise<void> => {
    finished.push(result);
    recording ??= (async () => {
      while (finished.length) {
        const batch = finished;
        finished = [];
        await recordAttempts(batch).catch((error: unknown) => log("recording webhook attempts failed", error));
      }
      recording = undefined;
    })();
    return recording;
  };

  const fill = (): Promise<void> => {
    if (claiming) {
      claimAgain = true;
      return claiming;
    }
    claiming = (async () => {
      do {
        claimAgain = false;
        const room = MAX_IN_FLIGHT - inFlight.size;
        if (stopped || room <= 0) break;
        let claimed: Claimed[] = [];
        try {
          claimed = await claimDueEvents(Math.min(room, BATCH));
        } catch (error) {
          log("webhook dispatch failed", error);
          break;
        }
        for (const event of claimed) {
          const sending: Promise<void> = attempt(event)
            .then(record)
            .finally(() => {
              inFlight.delete(sending);
              if (!stopped) void fill();
            });
          inFlight.add(sending);
        }
        // A full claim may have left more behind.
        if (claimed.length === Math.min(room, BATCH)) claimAgain = true;
      } while (claimAgain && !stopped);
      claiming = undefined;
    })();
    return claiming;
  };

  const stopNudges = onNudge(() => void fill());
  // The poll only starts a claim when none is running: a claim slower than the poll (a loaded
  // machine, PGlite's one thread) must not turn into claims back to back.
  const timer = setInterval(() => {
    if (!claiming) void fill();
  }, pollMs);
  timer.unref();
  void fill();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      stopNudges();
      await claiming;
      // The attempts in flight finish and are recorded (each within WEBHOOK_TIMEOUT_MS).
      await Promise.all([...inFlight]);
      await recording;
    },
  };
}
