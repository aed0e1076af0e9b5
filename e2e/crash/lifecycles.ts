// Invoice lifecycles (create → approve → sandbox pay → sign) driven the way a merchant backend
// that loses connections drives them: every POST has its own Idempotency-Key and is re-sent with
// the same key and the same bytes until a definite answer arrives. Every attempt is recorded per
// key, so the checks can tell what each retry was answered.
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { invoiceRequest, type demoOrg } from "../node/support";

/** The demo organization's client id and keys by role, as `demoOrg` reads them from DATA_DIR. */
export type DemoAccess = ReturnType<typeof demoOrg>;

export type Step = "create" | "approve" | "pay" | "sign";

const STEP_ROLE: Record<Step, "finance" | "approver" | "admin"> = {
  create: "finance",
  approve: "approver",
  pay: "admin",
  sign: "admin",
};

/** One request sent; times are `performance.now()` milliseconds. */
export type Attempt = {
  startedAt: number;
  endedAt: number;
  /** Undefined when no HTTP answer came back (connection error or timeout: see `error`). */
  status?: number;
  text?: string;
  replayed: boolean;
  error?: string;
  /** Sent after the load to read back the stored answer. */
  check: boolean;
};

/** One logical request: one Idempotency-Key, one body, every attempt in order. */
export type KeyRecord = {
  key: string;
  step: Step;
  path: string;
  apiKey: string;
  clientId?: string;
  body?: string;
  attempts: Attempt[];
};

export type Lifecycle = {
  index: number;
  recipientEmail: string;
  invoiceId?: string;
  paymentIntentId?: string;
  records: KeyRecord[];
  /** Set when the lifecycle stopped before signing. */
  stopped?: { step: Step; reason: string };
};

export type LoadSettings = {
  lifecycles: number;
  /** Lifecycle starts are spread evenly over this window (0: all at once). */
  rampMs: number;
  requestTimeoutMs: number;
  /** How long one logical request keeps being retried before its lifecycle gives up. */
  retryBudgetMs: number;
  signal?: AbortSignal;
  /** Called on every definite answer during the load (not the read-backs). */
  onAnswer?: () => void;
};

type InvoiceData = { id: string; payment_intent: { payment_intent_id: string; crypto_amount: string } };

type LoadContext = { baseUrl: string; access: DemoAccess; tag: string; settings: LoadSettings };

const IN_FLIGHT_CODE = 40901;

/** The `code` of a JSON answer, if it has one. */
export function answerCode(attempt: Attempt): number | undefined {
  const parsed = parseJson(attempt.text);
  return typeof parsed?.code === "number" ? parsed.code : undefined;
}

/** 409/40901: the server says the same key is still being worked on; the client is told to retry. */
export function isInFlightRefusal(attempt: Attempt): boolean {
  return attempt.status === 409 && answerCode(attempt) === IN_FLIGHT_CODE;
}

/** An answer a client acts on: neither a lost connection, nor a 5xx, nor "still in progress". */
export function isDefinite(attempt: Attempt): boolean {
  return attempt.status !== undefined && attempt.status < 500 && !isInFlightRefusal(attempt);
}

/**
 * Runs `settings.lifecycles` lifecycles concurrently against `baseUrl` and resolves when each has
 * signed or given up. `tag` is in every recipient email (`crash-<tag>-<index>@example.test`) and
 * every Idempotency-Key, so the database rows of this run can be found.
 */
export async function runLifecycles(
  baseUrl: string,
  access: DemoAccess,
  settings: LoadSettings,
): Promise<{ tag: string; lifecycles: Lifecycle[] }> {
  const context: LoadContext = { baseUrl, access, tag: randomBytes(4).toString("hex"), settings };
  const spacing = settings.lifecycles > 1 ? settings.rampMs / settings.lifecycles : 0;
  const lifecycles = await Promise.all(
    Array.from({ length: settings.lifecycles }, async (_, index) => {
      if (spacing > 0) await sleep(index * spacing);
      return runLifecycle(index, context);
    }),
  );
  return { tag: context.tag, lifecycles };
}

/**
 * Sends every key that got a definite answer once more (with the same retries), flagged `check`:
 * the answer must be the stored first answer, marked `Idempotent-Replayed: true`.
 */
export async function replayAnsweredKeys(baseUrl: string, lifecycles: Lifecycle[], settings: LoadSettings): Promise<void> {
  const records = lifecycles.flatMap((lifecycle) => lifecycle.records).filter((record) => record.attempts.some(isDefinite));
  await forEachLimited(records, 8, (record) => sendUntilDefinite(baseUrl, record, settings, true));
}

/** GET under /v1/studio/api; throws unless the answer is 200. */
export async function studioGet<T>(baseUrl: string, apiPath: string, apiKey: string): Promise<T> {
  const response = await fetch(`${baseUrl}/v1/studio/api${apiPath}`, {
    headers: { "X-STUDIO-API-KEY": apiKey },
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${apiPath}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function forEachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function runLifecycle(index: number, context: LoadContext): Promise<Lifecycle> {
  const recipientEmail = `crash-${context.tag}-${index}@example.test`;
  const lifecycle: Lifecycle = { index, recipientEmail, records: [] };
  const request = invoiceRequest({ recipient_email: recipientEmail, recipient_name: `Crash ${index}` });
  const created = await runStep<InvoiceData>(lifecycle, context, "create", "/invoice/intent", request);
  if (!created) return lifecycle;
  lifecycle.invoiceId = created.id;
  lifecycle.paymentIntentId = created.payment_intent.payment_intent_id;
  if (!(await runStep(lifecycle, context, "approve", `/invoice/intent/${created.id}/approve`))) return lifecycle;
  const payment = { amount: created.payment_intent.crypto_amount };
  if (!(await runStep(lifecycle, context, "pay", `/sandbox/payment_intent/${lifecycle.paymentIntentId}/pay`, payment))) {
    return lifecycle;
  }
  await runStep(lifecycle, context, "sign", `/invoice/intent/${created.id}/sign`);
  return lifecycle;
}

/** Sends one logical request until it has a definite answer; returns its `data` when that is a success. */
async function runStep<T = unknown>(
  lifecycle: Lifecycle,
  context: LoadContext,
  step: Step,
  apiPath: string,
  body?: unknown,
): Promise<T | undefined> {
  const record: KeyRecord = {
    key: `crash-${context.tag}-${lifecycle.index}-${step}`,
    step,
    path: apiPath,
    apiKey: context.access.key(STEP_ROLE[step]),
    clientId: step === "create" ? context.access.clientId : undefined,
    body: body === undefined ? undefined : JSON.stringify(body),
    attempts: [],
  };
  lifecycle.records.push(record);
  const answer = await sendUntilDefinite(context.baseUrl, record, context.settings, false);
  if (!answer) {
    lifecycle.stopped = { step, reason: `no definite answer in ${record.attempts.length} attempts` };
    return undefined;
  }
  const parsed = parseJson(answer.text);
  if (answer.status !== 200 || parsed?.code !== 0) {
    lifecycle.stopped = { step, reason: `${answer.status} ${answer.text?.slice(0, 200)}` };
    return undefined;
  }
  return parsed.data as T;
}

async function sendUntilDefinite(
  baseUrl: string,
  record: KeyRecord,
  settings: LoadSettings,
  check: boolean,
): Promise<Attempt | undefined> {
  const giveUpAt = performance.now() + settings.retryBudgetMs;
  for (let retry = 0; !settings.signal?.aborted; retry += 1) {
    const attempt = await sendOnce(baseUrl, record, settings.requestTimeoutMs, check);
    record.attempts.push(attempt);
    if (isDefinite(attempt)) {
      if (!check) settings.onAnswer?.();
      return attempt;
    }
    const pause = backoffMs(retry);
    if (performance.now() + pause > giveUpAt) return undefined;
    await sleep(pause);
  }
  return undefined;
}

function backoffMs(retry: number): number {
  // Jittered, so that the retries of many clients do not reach the restarted server in one burst.
  return Math.min(1_000, 50 * 2 ** retry) * (0.5 + Math.random() / 2);
}

async function sendOnce(baseUrl: string, record: KeyRecord, timeoutMs: number, check: boolean): Promise<Attempt> {
  const headers: Record<string, string> = { "X-STUDIO-API-KEY": record.apiKey, "Idempotency-Key": record.key };
  if (record.clientId) headers["X-Client-ID"] = record.clientId;
  if (record.body !== undefined) headers["Content-Type"] = "application/json";
  const startedAt = performance.now();
  try {
    const response = await fetch(`${baseUrl}/v1/studio/api${record.path}`, {
      method: "POST",
      headers,
      body: record.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    const replayed = response.headers.get("idempotent-replayed") === "true";
    return { startedAt, endedAt: performance.now(), status: response.status, text, replayed, check };
  } catch (error) {
    return { startedAt, endedAt: performance.now(), error: describeFailure(error), replayed: false, check };
  }
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === "TimeoutError") return "timeout";
  const cause = (error as Error & { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === "string" ? cause.code : error.message;
}

function parseJson(text: string | undefined): Record<string, any> | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === "object" ? (parsed as Record<string, any>) : undefined;
  } catch {
    return undefined;
  }
}
