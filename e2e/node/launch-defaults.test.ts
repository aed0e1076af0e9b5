// Studio's defaults come from STUDIO_ENV alone, production-safe unless it says "development":
// never from how a process was launched. The worker in a multi-server deployment is started with
// nothing but DATABASE_URL, and every webhook leaves from it, so that launch must keep the guard
// against private targets on (issue 22 §0: it once ran with development defaults).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver, type Receiver } from "../webhook-receiver";
import { approvedWithCallback, describeDriverIndependent, drivers, dropTarget, freshTarget, startBuilt, withStudio, type Target } from "./support";

const DEFAULTED = ["STUDIO_ENV", "NODE_ENV", "SANDBOX_CHAIN", "SEED_DEMO", "WEBHOOK_ALLOW_PRIVATE"];

/** This process's environment without any of the settings whose defaults are under test. */
function bareEnvironment(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !DEFAULTED.includes(key)));
  return Object.fromEntries(Object.entries({ ...env, ...extra }).filter(([, value]) => value !== undefined)) as NodeJS.ProcessEnv;
}

describeDriverIndependent("defaults follow STUDIO_ENV, however the process is launched", () => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget("pglite", "launch_defaults");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it.each([
    [{}, { SANDBOX_CHAIN: false, SEED_DEMO: false, WEBHOOK_ALLOW_PRIVATE: false }],
    // `next dev`, vitest and `node --env=…` set NODE_ENV: none of them turns a default on.
    [{ NODE_ENV: "development" }, { SANDBOX_CHAIN: false, SEED_DEMO: false, WEBHOOK_ALLOW_PRIVATE: false }],
    [{ NODE_ENV: "test" }, { SANDBOX_CHAIN: false, SEED_DEMO: false, WEBHOOK_ALLOW_PRIVATE: false }],
    [{ STUDIO_ENV: "production" }, { SANDBOX_CHAIN: false, SEED_DEMO: false, WEBHOOK_ALLOW_PRIVATE: false }],
    [{ STUDIO_ENV: "production", SANDBOX_CHAIN: "1", SEED_DEMO: "1" }, { SANDBOX_CHAIN: true, SEED_DEMO: true, WEBHOOK_ALLOW_PRIVATE: false }],
    [{ STUDIO_ENV: "development" }, { SANDBOX_CHAIN: true, SEED_DEMO: true, WEBHOOK_ALLOW_PRIVATE: true }],
    [{ STUDIO_ENV: "development", WEBHOOK_ALLOW_PRIVATE: "0" }, { SANDBOX_CHAIN: true, SEED_DEMO: true, WEBHOOK_ALLOW_PRIVATE: false }],
  ])("with %j: %j", async (settings, expected) => {
    const cleared = Object.fromEntries(DEFAULTED.map((key) => [key, undefined]));
    const resolved = await withStudio(
      target,
      async () => {
        const { env, effectiveSettings } = await import("@/lib/env");
        return {
          flags: { SANDBOX_CHAIN: env.SANDBOX_CHAIN, SEED_DEMO: env.SEED_DEMO, WEBHOOK_ALLOW_PRIVATE: env.WEBHOOK_ALLOW_PRIVATE },
          line: effectiveSettings(),
        };
      },
      { ...cleared, ...settings },
    );
    expect(resolved.flags).toEqual(expected);
    const onOff = (value: boolean) => (value ? "on" : "off");
    expect(resolved.line).toContain(`WEBHOOK_ALLOW_PRIVATE=${onOff(expected.WEBHOOK_ALLOW_PRIVATE)}`);
    expect(resolved.line).toContain(`SANDBOX_CHAIN=${onOff(expected.SANDBOX_CHAIN)}`);
  });
});

describe.each(drivers.filter((driver) => driver === "postgres"))("the built worker on %s, launched with only DATABASE_URL", (driver) => {
  let target: Target;
  let receiver: Receiver;
  beforeAll(async () => {
    target = await freshTarget(driver, "worker_defaults");
    receiver = await startReceiver(() => ({ status: 200 }));
  });
  afterAll(async () => {
    await receiver?.close();
    await dropTarget(target);
  });

  it("logs production defaults and refuses to deliver a webhook to 127.0.0.1", async () => {
    const [invoiceId] = await withStudio(target, () => approvedWithCallback(target, receiver.url), { SEED_DEMO_INVOICES: "0" });

    const worker = startBuilt(
      "worker",
      bareEnvironment({
        DATABASE_URL: target.databaseUrl,
        DATA_DIR: target.dataDir,
        // Production needs the deployment's STUDIO_SECRET: the one development generated above.
        STUDIO_SECRET: fs.readFileSync(path.join(target.dataDir, "studio-secret"), "utf8").trim(),
        // And the origin payers reach the deployment at.
        PUBLIC_URL: "https://pay.example.test",
        WEBHOOK_POLL_MS: "50",
        WEBHOOK_RETRY_SCHEDULE: "",
      }),
    );
    const database = new pg.Client({ connectionString: target.databaseUrl });
    await database.connect();
    try {
      // The worker decided the event: its one attempt is on record, and the event is failed.
      let outcome: { status: string; error: string | null } | undefined;
      for (const until = Date.now() + 30_000; Date.now() < until && outcome?.status !== "failed"; ) {
        const { rows } = await database.query(
          `SELECT e.status, (SELECT a.error FROM webhook_attempts a WHERE a.event_id = e.id ORDER BY a.attempt_number LIMIT 1) AS error
             FROM webhook_events e WHERE e.object_id = $1`,
          [invoiceId],
        );
        outcome = rows[0];
        if (outcome?.status !== "failed") await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(outcome, worker.output()).toEqual({ status: "failed", error: expect.stringMatching(/^refused: /) });
      expect(receiver.received).toHaveLength(0);
      expect(worker.output()).toContain("worker: effective settings: STUDIO_ENV=production");
      expect(worker.output()).toContain("WEBHOOK_ALLOW_PRIVATE=off");
      expect(worker.output()).toContain("SANDBOX_CHAIN=off");
    } finally {
      await database.end();
      worker.child.kill("SIGTERM");
    }
    expect(await worker.exited).toBe(0);
  }, 60_000);
});

describeDriverIndependent("the worker and the CLI read .env as `next` does", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  // A setting only .env holds, and one that refuses the start before any database is opened: the
  // refusal naming it shows the file was read. The same launch without the file starts past it.
  it.each(["worker", "studio-cli"])("npm run %s", async (name) => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "studio-dotenv-"));
    const launch = () =>
      new Promise<{ code: number; output: string }>((resolve) => {
        const child = spawn(process.execPath, [path.join(root, "scripts", "run-built.mjs"), name, ...(name === "studio-cli" ? ["org:list"] : [])], {
          cwd: folder,
          env: bareEnvironment({ DATABASE_URL: undefined, DATA_DIR: path.join(folder, "data"), STUDIO_SECRET: undefined, CONSOLE_SECRET: undefined }),
          stdio: ["ignore", "pipe", "pipe"],
        });
        // The worker logs its refusal as JSON on standard output, the CLI says it on standard error.
        let output = "";
        for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.on("exit", (code) => resolve({ code: code ?? 1, output }));
      });
    try {
      fs.writeFileSync(path.join(folder, ".env"), "DATABASE_URL=mysql://studio@127.0.0.1/studio\n");
      const withFile = await launch();
      expect(withFile.code).not.toBe(0);
      expect(withFile.output).toContain("DATABASE_URL must be a postgres:// URL");
      fs.rmSync(path.join(folder, ".env"));
      // Without the file the same launch gets past the setting, to a refusal of its own.
      const without = await launch();
      expect(without.code).not.toBe(0);
      expect(without.output).not.toContain("DATABASE_URL must be");
      expect(without.output).toMatch(name === "worker" ? /npm run worker needs DATABASE_URL/ : /STUDIO_SECRET and CONSOLE_SECRET are not set/);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
