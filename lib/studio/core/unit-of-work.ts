import "server-only";
// One transaction per change: a service verb opens it, or joins the one already open (a request
// with an Idempotency-Key, whose claim and stored response commit with the change), and what must
// happen only once it has committed (a chain broadcast) is queued here and run after.
import { AsyncLocalStorage } from "node:async_hooks";
import { db, type DbOrTx, type Tx } from "@/lib/db/client";

type OpenWork = { tx: Tx; afterCommit: (() => Promise<void>)[]; beforeCommit: (() => Promise<void>)[] };

const open = new AsyncLocalStorage<OpenWork>();

/** Runs `work` in the caller's unit of work when one is open, else in a unit of work of its own. */
export function inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const current = open.getStore();
  return current ? work(current.tx) : unitOfWork(work);
}

/**
 * Where work that is a single statement runs: the open unit of work's transaction, else the
 * database itself, where the statement is its own transaction and commits as it ends.
 */
export async function oneStatementScope(): Promise<DbOrTx> {
  return open.getStore()?.tx ?? (await db());
}

/** One transaction; the tasks queued with `afterCommit` run once it has committed, never if it rolled back. */
export async function unitOfWork<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const database = await db();
  const queued: OpenWork["afterCommit"] = [];
  const result = await database.transaction((tx) => {
    const openWork: OpenWork = { tx, afterCommit: queued, beforeCommit: [] };
    return open.run(openWork, async () => {
      const value = await work(tx);
      // Tasks may queue more (each runs once, in order).
      for (let index = 0; index < openWork.beforeCommit.length; index++) await openWork.beforeCommit[index]!();
      return value;
    });
  });
  for (const task of queued) await task();
  return result;
}

/** Queues `task` for after the open unit of work commits; it must handle its own failures. */
export function afterCommit(task: () => Promise<void>): void {
  const current = open.getStore();
  if (!current) throw new Error("afterCommit needs an open unit of work");
  current.afterCommit.push(task);
}

/**
 * Runs `task` in the open unit of work's transaction once its work is done, just before it
 * commits (to write what the whole transaction decided); without an open unit of work, nothing.
 */
export function beforeCommitIfOpen(task: () => Promise<void>): void {
  open.getStore()?.beforeCommit.push(task);
}

/** The same as afterCommit where a unit of work is open; without one (a caller's own transaction) it does nothing. */
export function afterCommitIfOpen(task: () => Promise<void>): void {
  open.getStore()?.afterCommit.push(task);
}
