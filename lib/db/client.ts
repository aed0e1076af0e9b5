import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { env } from "@/lib/env";
import { lockPgliteFolder } from "@/lib/db/pglite-lock";
import * as consoleSchema from "@/lib/console/db/schema";
import * as rateLimitSchema from "@/lib/rate-limit/schema";
import * as secretChecksSchema from "@/lib/secrets/schema";
import * as orgsSchema from "@/lib/studio/db/orgs-schema";
import * as paymentIntentsSchema from "@/lib/studio/db/payment-intents-schema";
import * as workflowSchema from "@/lib/studio/db/workflow-schema";
import * as invoicesSchema from "@/lib/studio/db/invoices-schema";
import * as payoutsSchema from "@/lib/studio/db/payouts-schema";
import * as chainSchema from "@/lib/studio/db/chain-schema";
import * as balancesSchema from "@/lib/studio/db/balances-schema";
import * as httpSchema from "@/lib/studio/db/http-schema";
import * as webhooksSchema from "@/lib/studio/db/webhooks-schema";
import * as emailsSchema from "@/lib/studio/db/emails-schema";
import * as auditSchema from "@/lib/studio/db/audit-schema";
import * as approvalsSchema from "@/lib/studio/db/approvals-schema";
import * as savedViewsSchema from "@/lib/studio/db/saved-views-schema";

export const schema = {
  ...orgsSchema, ...paymentIntentsSchema, ...workflowSchema, ...invoicesSchema, ...payoutsSchema, ...chainSchema, ...balancesSchema, ...httpSchema, ...webhooksSchema, ...emailsSchema, ...auditSchema, ...approvalsSchema, ...savedViewsSchema,
  ...consoleSchema, ...rateLimitSchema, ...secretChecksSchema };
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query surface as the database. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Tx;

type Handle = {
  db: Database;
  driver: "pglite" | "postgres";
  close: () => Promise<void>;
  listen: Listen;
  /** PostgreSQL: this process's pool, connections open, idle and requests waiting for one. */
  poolUsage?: () => { total: number; idle: number; waiting: number };
};

/**
 * Subscribes to a NOTIFY channel (notifications arrive after the notifying transaction commits,
 * from any process on the database). `lost` is called when the subscription broke (PostgreSQL:
 * its connection ended); the caller subscribes again when it wants to. Resolves once listening.
 */
type Listen = (channel: string, handlers: { notify: () => void; lost: (error: unknown) => void }) => Promise<void>;

const MIGRATIONS_FOLDER = path.join(process.cwd(), "lib/db/migrations");
// Arbitrary constant: serializes migrations when several app servers start against one database.
const MIGRATION_LOCK_ID = 724_118_301;

// One handle per process, kept on globalThis so dev-server module reloads reuse it: PGlite
// allows only one open instance per data folder.
const holder = globalThis as typeof globalThis & { __studioDb?: Promise<Handle> };

/** Opens the database on first use and applies pending migrations; never at import time. */
export function getDatabase(): Promise<Handle> {
  holder.__studioDb ??= open().catch((error: unknown) => {
    holder.__studioDb = undefined;
    throw error;
  });
  return holder.__studioDb;
}

/** The open (or opening) database, without opening one: a subscription knows whether it is still the current one. */
export function currentDatabase(): Promise<Handle> | undefined {
  return holder.__studioDb;
}

/**
 * The migrations in lib/db/migrations that the open database has not applied (drizzle applies
 * those newer than the newest it recorded), by tag: empty when the schema is current.
 */
export async function pendingMigrations(): Promise<string[]> {
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ tag: string; when: number }>;
  };
  const { db: database } = await getDatabase();
  const result = (await database.execute(sql`SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations`)) as unknown as {
    rows: Array<{ newest: string | null }>;
  };
  const newest = Number(result.rows[0]?.newest ?? 0);
  return journal.entries.filter((entry) => entry.when > newest).map((entry) => entry.tag);
}

export async function db(): Promise<Database> {
  return (await getDatabase()).db;
}

export async function closeDatabase(): Promise<void> {
  const handle = holder.__studioDb;
  holder.__studioDb = undefined;
  if (handle) await (await handle).close();
}

async function open(): Promise<Handle> {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL, env.DIRECT_DATABASE_URL ?? env.DATABASE_URL) : openPglite(path.join(env.DATA_DIR, "pglite"));
}

/**
 * The name a prepared query is given: its own, so each connection parses it once; none when
 * DATABASE_URL is a pooler in transaction mode (DIRECT_DATABASE_URL set), where consecutive
 * statements may reach different server connections and one would not know the name.
 */
export function statementName(name: string): string {
  return env.DIRECT_DATABASE_URL ? "" : name;
}

/**
 * `url` serves the queries and transactions; `directUrl` (the same unless DIRECT_DATABASE_URL is
 * set) what belongs to one session: the migration lock held across the migrations, and LISTEN.
 */
async function openPostgres(url: string, directUrl: string): Promise<Handle> {
  const { Client, Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const migrator = new Client({ connectionString: directUrl });
  await migrator.connect();
  try {
    await migrator.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrate(drizzle({ client: migrator, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await migrator.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    await migrator.end().catch(() => undefined);
  }
  const pool = new Pool({ connectionString: url, max: env.DATABASE_POOL_SIZE });
  const database = drizzle({ client: pool, schema }) as unknown as Database;
  const listeners = new Set<import("pg").Client>();
  let closed = false;
  const listen: Listen = async (channel, handlers) => {
    // A connection of its own: LISTEN belongs to a session, and a pooled one is handed around.
    if (closed) throw new Error("the database is closed");
    const client = new Client({ connectionString: directUrl });
    let lost = false;
    const onLost = (error: unknown) => {
      if (lost) return;
      lost = true;
      listeners.delete(client);
      void client.end().catch(() => undefined);
      // Ended by close(): nothing was lost, and nobody is left to tell.
      if (!closed) handlers.lost(error);
    };
    client.on("error", onLost);
    client.on("end", () => onLost(new Error("connection ended")));
    client.on("notification", (message) => {
      if (message.channel === channel) handlers.notify();
    });
    // Known to close() from the start: a close that comes while this connection is still being
    // set up ends it too, instead of leaving it open and the process unable to exit (the CLI
    // answering a revoked key closed the database before its LISTEN was up, and hung).
    listeners.add(client);
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      onLost(error);
      throw error;
    }
  };
  const close = async () => {
    closed = true;
    for (const client of listeners) {
      client.removeAllListeners("end");
      await client.end().catch(() => undefined);
    }
    listeners.clear();
    await pool.end();
  };
  const poolUsage = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db: database, driver: "postgres", close, listen, poolUsage };
}

async function openPglite(dataFolder: string): Promise<Handle> {
  await fs.mkdir(dataFolder, { recursive: true });
  const release = lockPgliteFolder(dataFolder);
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const { PGLITE_EXTENSIONS } = await import("@/lib/db/pglite-extensions");
    const client = await PGlite.create(dataFolder, { extensions: PGLITE_EXTENSIONS });
    const database = drizzle({ client, schema });
    await migrate(database, { migrationsFolder: MIGRATIONS_FOLDER });
    const close = async () => {
      await client.close();
      release();
    };
    // One process owns the folder: every notification comes from this process's own statements.
    const listen: Listen = async (channel, handlers) => {
      await client.listen(channel, () => handlers.notify());
    };
    return { db: database as unknown as Database, driver: "pglite", close, listen };
  } catch (error) {
    release();
    throw error;
  }
}
