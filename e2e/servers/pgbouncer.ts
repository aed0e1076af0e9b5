// A PgBouncer of a test's own (Debian's `pgbouncer`; .ci/run installs it): transaction mode, on a
// free port, in front of the suite's PostgreSQL server, with fewer server connections than the
// app's pool so that consecutive statements of one app connection really reach different ones.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { freePort } from "./server";

export type Bouncer = { port: number; urlFor(directUrl: string): string; log: () => string; close(): Promise<void> };

function binary(): string {
  for (const candidate of [process.env.PGBOUNCER_PATH, "/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"]) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  throw new Error("No pgbouncer: apt-get install pgbouncer (or set PGBOUNCER_PATH)");
}

export async function startPgbouncer(directUrl: string, serverConnections = 2): Promise<Bouncer> {
  const upstream = new URL(directUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-pgbouncer-"));
  const port = await freePort();
  fs.writeFileSync(path.join(dir, "userlist.txt"), `"${upstream.username || "postgres"}" ""\n`);
  fs.writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      // Any database name a client asks for, on the suite's server.
      `* = host=${upstream.hostname} port=${upstream.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${path.join(dir, "userlist.txt")}`,
      "pool_mode = transaction",
      `default_pool_size = ${serverConnections}`,
      "max_client_conn = 200",
      "ignore_startup_parameters = extra_float_digits,options",
      "",
    ].join("\n"),
  );
  // PgBouncer refuses to run as root: it switches to the postgres user, which must read its files.
  fs.chmodSync(dir, 0o755);
  const asUser = process.getuid?.() === 0 ? ["-u", "postgres"] : [];
  const logFile = path.join(dir, "pgbouncer.log");
  const log = fs.openSync(logFile, "a");
  const child: ChildProcess = spawn(binary(), [...asUser, path.join(dir, "pgbouncer.ini")], { stdio: ["ignore", log, log] });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const readLog = () => fs.readFileSync(logFile, "utf8");
  const urlFor = (url: string) => {
    const pooled = new URL(url);
    pooled.hostname = "127.0.0.1";
    pooled.port = String(port);
    return pooled.toString();
  };
  // Up once it answers a query for the upstream database.
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}):\n${readLog()}`);
    const client = new pg.Client({ connectionString: urlFor(directUrl) });
    try {
      await client.connect();
      await client.query("SELECT 1");
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (tries > 200) throw new Error(`pgbouncer did not answer: ${(error as Error).message}\n${readLog()}`);
      await sleep(50);
    }
  }
  return {
    port,
    urlFor,
    log: readLog,
    async close() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
