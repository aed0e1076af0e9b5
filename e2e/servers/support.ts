// One `next start` server of a test's own on a fresh database of the suite's driver, with a small
// HTTP client for it: for tests that must reach the database or the CLI beside the server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { demoOrg, dropTarget, freshTarget, type Target } from "../node/support";
import { assertBuilt, freePort, startServer, stopServer, waitHealthy, type Server } from "./server";

if (process.env.STUDIO_TEST_OWN_SERVERS !== "1") {
  throw new Error("Run the servers stage through `npm test -- servers <file>`: it needs a build and starts its own servers.");
}

/** The suite's database mode: a scratch PostgreSQL database beside DATABASE_URL when it is set. */
export const suiteDriver: Target["driver"] = process.env.DATABASE_URL ? "postgres" : "pglite";

export type OwnServer = {
  target: Target;
  baseUrl: string;
  logFile: string;
  access: ReturnType<typeof demoOrg>;
  /** Stops the server (the PGlite folder is free for the CLI then); `start` brings it back, with `env` instead when given. */
  stop(): Promise<void>;
  start(env?: Record<string, string | undefined>): Promise<void>;
  close(): Promise<void>;
};

/** `env` adds to or overrides startServer's settings (undefined: left unset). */
export async function ownServer(label: string, driver: Target["driver"] = suiteDriver, env: Record<string, string | undefined> = {}): Promise<OwnServer> {
  assertBuilt();
  const target = await freshTarget(driver, label);
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), `studio-${label}-log-`)), "server.log");
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let server: Server | undefined;
  const start = async (startEnv = env) => {
    server = startServer(target, port, logFile, startEnv);
    await waitHealthy(baseUrl, server);
  };
  const stop = async () => {
    if (server) await stopServer(server);
    server = undefined;
  };
  await start();
  return {
    target,
    baseUrl,
    logFile,
    access: demoOrg(target),
    start,
    stop,
    async close() {
      await stop();
      await dropTarget(target);
    },
  };
}

export type Answer = { status: number; headers: Headers; text: string; body: any };

export async function call(server: OwnServer, method: string, urlPath: string, key: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const sent: Record<string, string> = { ...headers };
  if (key !== null) sent["X-STUDIO-API-KEY"] = key;
  if (body !== undefined) sent["Content-Type"] = "application/json";
  const response = await fetch(`${server.baseUrl}/v1/studio/api${urlPath}`, {
    method,
    headers: sent,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: response.status, headers: response.headers, text, body: parsed };
}

export type LogLine = { level: string; msg: string; request_id?: string; [field: string]: unknown };

/** A server's log as the JSON lines it wrote (lines that are not JSON are left out). */
export function logLines(logFile: string): LogLine[] {
  const lines: LogLine[] = [];
  for (const text of fs.readFileSync(logFile, "utf8").split("\n")) {
    if (!text.startsWith("{")) continue;
    try {
      lines.push(JSON.parse(text) as LogLine);
    } catch {}
  }
  return lines;
}
