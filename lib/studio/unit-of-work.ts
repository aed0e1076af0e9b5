// One transaction per request that changes anything: the service verbs join it, and what must
// happen only once it has committed (a chain broadcast) is queued here and run after.
import { AsyncLocalStorage } from "node:async_hooks";
import { db, type Tx } from "@/lib/db/client";

type OpenWork = { tx: Tx; afterCommit: (() => Promise<void>)[] };

const open = new AsyncLocalStorage<OpenWork>();

/** Runs `work` in the caller's unit of work when one is open, else in a unit of work of its own. */
export function inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const current = open.getStore();
  return current ? work(current.tx) : unitOfWork(work);
}

/** One transaction; the tasks queued with `afterCommit` run once it has committed, never if it rolled back. */
export async function unitOfWork<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const database = await db();
  const queued: OpenWork["afterCommit"] = [];
  const result = await database.transaction((tx) => open.run({ tx, afterCommit: queued }, () => work(tx)));
  for (const task of queued) await task();
  return result;
}

/** Queues `task` for after the open unit of work commits; it must handle its own failures. */
export function afterCommit(task: () => Promise<void>): void {
  const current = open.getStore();
  if (!current) throw new Error("afterCommit needs an open unit of work");
  current.afterCommit.push(task);
}

/** The same where a unit of work is open; without one (a caller's own transaction) it does nothing. */
export function afterCommitIfOpen(task: () => Promise<void>): void {
  open.getStore()?.afterCommit.push(task);
}
