// What must hold after lifecycles ran through a crash: read back over HTTP and from the database
// itself, then judged into figures and a list of violations (empty when exactly-once held).
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { lockPgliteFolder } from "@/lib/db/pglite-lock";
import { PGLITE_EXTENSIONS } from "@/lib/db/pglite-extensions";
import type { Target } from "../node/support";
import {
  answerCode,
  forEachLimited,
  isDefinite,
  isInFlightRefusal,
  studioGet,
  type KeyRecord,
  type Lifecycle,
} from "./lifecycles";

/** `performance.now()` instants of the run: the SIGKILL, and the restarted server's /api/health turning 200. */
export type Timeline = { killedAt: number; healthyAt: number };

/** The invoice's status and its log as [from, to] pairs, oldest first, as the API reports them. */
export type FinalState = Map<string, { status: string; logs: Array<[string, string]> }>;

export type DatabaseFacts = {
  invoicesByEmail: Map<string, number>;
  /** By invoice id: transfers recorded into its payment intent, and whether the received sum is the amount due. */
  payments: Map<string, { transfers: number; receivedExact: boolean }>;
};

export type Figures = {
  lifecycles: number;
  signed: number;
  /** Create keys that produced more than one invoice. */
  duplicateCreates: number;
  /** Create keys that produced none. */
  missingInvoices: number;
  /** Keys whose first definite answer was not a success, though every request was valid when first sent. */
  wrongAnswers: number;
  /** Keys whose definite answers (including the read-back after the load) differ, or whose read-back was no replay. */
  mismatchedReplays: number;
  /** Keys that never got a definite answer within the retry budget. */
  unanswered: number;
  /** 409/40901 answers, all of them. */
  inFlightRefusals: number;
  /** Keys refused with 409/40901 later than the grace window after the restarted server first answered. */
  keysRefusedAfterRestart: number;
  badLogs: number;
  badPayments: number;
  /** Keys answered before the kill: how far the load had got. */
  answeredBeforeKill: number;
  /** Keys with a failed attempt at or after the kill: the requests the crash actually hit. */
  interruptedKeys: number;
  attempts: number;
  /** From the kill until the restarted server answered its first request. */
  backMs: number;
  /** From the kill until the last key the crash hit had its definite answer (or gave up). */
  recoverMs: number;
};

export type Verdict = { figures: Figures; violations: string[] };

const LIFECYCLE_LOG: Array<[string, string]> = [
  ["", "approval_pending"],
  ["approval_pending", "approved"],
  ["approved", "paid"],
  ["paid", "signed"],
];

/** Each transition of the lifecycle up to `status`, once: what the log of an invoice in `status` must be. */
function expectedLog(status: string): Array<[string, string]> {
  const reached = LIFECYCLE_LOG.findIndex(([, to]) => to === status);
  return reached < 0 ? LIFECYCLE_LOG : LIFECYCLE_LOG.slice(0, reached + 1);
}

/** Each lifecycle's invoice status and log, read as the demo viewer. */
export async function readFinalState(baseUrl: string, viewerKey: string, lifecycles: Lifecycle[]): Promise<FinalState> {
  const state: FinalState = new Map();
  const invoiceIds = lifecycles.flatMap((lifecycle) => (lifecycle.invoiceId ? [lifecycle.invoiceId] : []));
  await forEachLimited(invoiceIds, 8, async (id) => {
    const invoice = await studioGet<{ data: { status: string } }>(baseUrl, `/invoice/intent/${id}`, viewerKey);
    const logs = await studioGet<{ data: Array<{ from_status: string; to_status: string }> }>(
      baseUrl,
      `/invoice/intent/${id}/logs`,
      viewerKey,
    );
    state.set(id, { status: invoice.data.status, logs: logs.data.map((row) => [row.from_status, row.to_status]) });
  });
  return state;
}

/** Invoices and payments of the run tagged `tag`, straight from the database (the server must be stopped on PGlite). */
export async function readDatabaseFacts(target: Target, tag: string): Promise<DatabaseFacts> {
  const rows = await queryTarget<{ email: string; invoice_id: string; transfers: number; received_exact: boolean | null }>(
    target,
    `SELECT i.recipient_email AS email, i.id AS invoice_id,
            (SELECT count(*) FROM chain_transfers t WHERE t.payment_intent_id = p.id)::int AS transfers,
            p.received_crypto_amount = p.crypto_amount AS received_exact
       FROM invoices i JOIN payment_intents p ON p.id = i.payment_intent_id
      WHERE i.recipient_email LIKE $1`,
    [`crash-${tag}-%`],
  );
  const facts: DatabaseFacts = { invoicesByEmail: new Map(), payments: new Map() };
  for (const row of rows) {
    facts.invoicesByEmail.set(row.email, (facts.invoicesByEmail.get(row.email) ?? 0) + 1);
    facts.payments.set(row.invoice_id, { transfers: row.transfers, receivedExact: row.received_exact === true });
  }
  return facts;
}

export function judge(input: {
  lifecycles: Lifecycle[];
  finalState: FinalState;
  facts: DatabaseFacts;
  timeline: Timeline;
  inFlightGraceMs: number;
}): Verdict {
  const { lifecycles, finalState, facts, timeline } = input;
  const violations: string[] = [];
  const figures: Figures = {
    lifecycles: lifecycles.length,
    signed: 0,
    duplicateCreates: 0,
    missingInvoices: 0,
    wrongAnswers: 0,
    mismatchedReplays: 0,
    unanswered: 0,
    inFlightRefusals: 0,
    keysRefusedAfterRestart: 0,
    badLogs: 0,
    badPayments: 0,
    answeredBeforeKill: 0,
    interruptedKeys: 0,
    attempts: 0,
    backMs: 0,
    recoverMs: 0,
  };
  // Retries reach the restarted server before its health check does when it is busy.
  const backAt = firstAnswerAfter(timeline.killedAt, lifecycles) ?? timeline.healthyAt;
  let lastRecoveredAt = backAt;

  for (const lifecycle of lifecycles) {
    const name = `lifecycle ${lifecycle.index}`;
    const invoices = facts.invoicesByEmail.get(lifecycle.recipientEmail) ?? 0;
    if (invoices > 1) {
      figures.duplicateCreates += 1;
      violations.push(`${name}: one create key produced ${invoices} invoices`);
    } else if (invoices === 0) {
      figures.missingInvoices += 1;
      violations.push(`${name}: its create key produced no invoice`);
    }

    const state = lifecycle.invoiceId ? finalState.get(lifecycle.invoiceId) : undefined;
    if (state?.status === "signed") figures.signed += 1;
    else {
      const where = lifecycle.stopped ? ` (stopped at ${lifecycle.stopped.step}: ${lifecycle.stopped.reason})` : "";
      violations.push(`${name}: ended ${state?.status ?? "without an invoice id"}${where}`);
    }
    if (state && JSON.stringify(state.logs) !== JSON.stringify(expectedLog(state.status))) {
      figures.badLogs += 1;
      violations.push(`${name}: ${state.status} invoice logged ${JSON.stringify(state.logs)}`);
    }
    const payment = lifecycle.invoiceId ? facts.payments.get(lifecycle.invoiceId) : undefined;
    const paid = lifecycle.records.some((record) => record.step === "pay");
    const transfers = payment?.transfers ?? 0;
    if (lifecycle.invoiceId && (paid ? transfers !== 1 || !payment?.receivedExact : transfers !== 0)) {
      figures.badPayments += 1;
      violations.push(`${name}: ${transfers} transfers recorded for ${paid ? "one" : "no"} payment, received sum exact: ${payment?.receivedExact ?? false}`);
    }

    for (const record of lifecycle.records) {
      figures.attempts += record.attempts.length;
      const recoveredAt = judgeKey(record, timeline.killedAt, backAt + input.inFlightGraceMs, figures, violations);
      if (recoveredAt !== undefined) lastRecoveredAt = Math.max(lastRecoveredAt, recoveredAt);
    }
  }
  figures.backMs = Math.round(backAt - timeline.killedAt);
  figures.recoverMs = Math.round(lastRecoveredAt - timeline.killedAt);
  return { figures, violations };
}

function firstAnswerAfter(instant: number, lifecycles: Lifecycle[]): number | undefined {
  let first: number | undefined;
  for (const lifecycle of lifecycles) {
    for (const record of lifecycle.records) {
      for (const attempt of record.attempts) {
        if (attempt.status !== undefined && attempt.startedAt > instant) first = Math.min(first ?? attempt.endedAt, attempt.endedAt);
      }
    }
  }
  return first;
}

/**
 * Judges one key's attempts. A 409/40901 that ends after `refusalsEndBy` is a violation. Returns
 * when a key the crash hit got its definite answer.
 */
function judgeKey(record: KeyRecord, killedAt: number, refusalsEndBy: number, figures: Figures, violations: string[]): number | undefined {
  const name = `${record.step} key ${record.key}`;
  const answers = record.attempts.filter(isDefinite);
  const first = answers.find((attempt) => !attempt.check);
  const refusals = record.attempts.filter(isInFlightRefusal);
  figures.inFlightRefusals += refusals.length;
  const late = refusals.filter((attempt) => attempt.endedAt > refusalsEndBy);
  if (late.length > 0) {
    figures.keysRefusedAfterRestart += 1;
    const after = Math.round((late.at(-1)?.endedAt ?? 0) - killedAt);
    violations.push(`${name}: refused as still in progress ${late.length} times after the restart (the last ${after} ms after the kill)`);
  }
  const interrupted = record.attempts.some((attempt) => !attempt.check && !isDefinite(attempt) && attempt.endedAt >= killedAt);
  if (interrupted) figures.interruptedKeys += 1;
  if (!first) {
    figures.unanswered += 1;
    violations.push(`${name}: no definite answer in ${record.attempts.length} attempts`);
    // Never recovered: the last refusal is as far as the run saw.
    return interrupted ? record.attempts.at(-1)?.endedAt : undefined;
  }
  if (first.endedAt < killedAt) figures.answeredBeforeKill += 1;
  if (first.status !== 200) {
    figures.wrongAnswers += 1;
    violations.push(`${name}: first definite answer ${first.status}/${answerCode(first)} instead of a success`);
  }
  const readBack = answers.find((attempt) => attempt.check);
  if (answers.some((attempt) => attempt.status !== first.status || attempt.text !== first.text)) {
    figures.mismatchedReplays += 1;
    const seen = answers.map((attempt) => `${attempt.status}/${answerCode(attempt)}`).join(", ");
    violations.push(`${name}: definite answers differ: ${seen}`);
  } else if (readBack && !readBack.replayed) {
    figures.mismatchedReplays += 1;
    violations.push(`${name}: the read-back after the load was answered without Idempotent-Replayed`);
  }
  return interrupted ? first.endedAt : undefined;
}

type Query = <Row>(text: string, params: unknown[]) => Promise<Row[]>;

async function queryTarget<Row>(target: Target, text: string, params: unknown[]): Promise<Row[]> {
  return withRawDatabase(target, (query) => query<Row>(text, params));
}

/** Opens the target's database with its bare driver, outside the service, so what is read is what was stored. */
async function withRawDatabase<T>(target: Target, work: (query: Query) => Promise<T>): Promise<T> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      return await work(async <Row>(text: string, params: unknown[]) => (await client.query(text, params)).rows as Row[]);
    } finally {
      await client.end();
    }
  }
  const folder = path.join(target.dataDir, "pglite");
  const release = lockPgliteFolder(folder);
  try {
    const client = await PGlite.create(folder, { extensions: PGLITE_EXTENSIONS });
    try {
      return await work(async <Row>(text: string, params: unknown[]) => (await client.query<Row>(text, params)).rows);
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}
