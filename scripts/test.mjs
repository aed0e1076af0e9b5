// `npm test`: build, unit tests, then a real server on a fresh database (PGlite in a temp
// folder, or DATABASE_URL when set) for the HTTP integration tests and the browser tests, then
// the `servers` stage: tests that start (and kill) `next start` servers of their own on scratch
// databases (the crash test and others that need a server to themselves).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, listening } from "../e2e/ports.mjs";

const root = path.resolve(import.meta.dirname, "..");
// Optional: a stage ("unit" | "node" | "api" | "browser" | "servers") or several joined by commas,
// then file filters for them, e.g. `npm test -- api payouts-create` while working on one area, or
// `npm test -- node,api,servers` for the stages whose tests depend on the database driver.
// `--browser-grep <pattern>` (anywhere after `--`): the browser stage runs only the tests whose
// title or tag matches, against the same shared server as the api stage, the other stages all
// their files: .ci/run's PostgreSQL run adds the `@postgres` browser tests to its api stage's
// server this way, instead of a second pass with its own database, seed and server.
const args = process.argv.slice(2);
const browserGrepAt = args.indexOf("--browser-grep");
const browserGrep = browserGrepAt === -1 ? [] : ["--grep", args.splice(browserGrepAt, 2)[1]];
if (browserGrep[1] === undefined && browserGrepAt !== -1) {
  console.error("--browser-grep needs a pattern, e.g. --browser-grep @postgres");
  process.exit(2);
}
const [only, ...filters] = args;
const STAGES = ["unit", "node", "api", "browser", "servers"];
const chosen = only ? only.split(",") : STAGES;
const unknown = chosen.filter((name) => !STAGES.includes(name));
if (unknown.length) {
  console.error(`unknown test stage ${unknown.join(", ")}: choose from ${STAGES.join(", ")}`);
  process.exit(2);
}
const bin = (name) => path.join(root, "node_modules", ".bin", name);
// Production servers and workers refuse to start without their secrets (issue 22 §1): the shared
// server and the servers stage's own processes share these, as the processes of one deployment do.
// (The node stage runs STUDIO_ENV=development, which generates them into each test's DATA_DIR.)
const SECRETS = {
  STUDIO_SECRET: process.env.STUDIO_SECRET ?? "studio-test-secret-0123456789abcdefghijklmnop",
  CONSOLE_SECRET: process.env.CONSOLE_SECRET ?? "console-test-secret-0123456789abcdefghijklmnop",
};
// So do they without PUBLIC_URL (issue 37 §4). Each server of the tests is given its own address,
// as development would default it (here and in e2e/servers/server.ts); the servers stage's workers
// take this one.
const publicUrl = (port) => ({ PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}` });

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function waitForHealth(url, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms`);
}

/**
 * The rate-limit tests keep counters in Redis on 127.0.0.1:6379: when nothing listens there and
 * Debian's redis-server is installed, this run starts one of its own (and stops it at exit).
 */
async function ensureRedis() {
  if (await listening(6379)) return;
  const redis = spawn("redis-server", ["--bind", "127.0.0.1", "--port", "6379", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const missing = await new Promise((resolve) => {
    redis.once("error", () => resolve(true));
    redis.once("spawn", () => resolve(false));
  });
  if (missing) {
    console.warn("No Redis on 127.0.0.1:6379 and no redis-server to start: the rate-limit tests will fail (apt-get install redis-server).");
    return;
  }
  process.on("exit", () => redis.kill());
  for (let tries = 0; tries < 50 && !(await listening(6379)); tries++) await new Promise((resolve) => setTimeout(resolve, 100));
}

const wants = (stage) => chosen.includes(stage);
if (wants("node") || wants("servers")) await ensureRedis();
const timings = [];
/** The shared server's process while it runs: its share of a stage's CPU is reported apart. */
let sharedServerPid;
/**
 * CPU seconds (user + system) the whole machine has spent so far, and the running shared server's
 * own: beside a stage's wall time they say how many of the cores the stage keeps busy, which is
 * what decides whether stages could run side by side. The machine's count, not this runner's
 * children's: Chromium's renderers (forked by its zygote) and PostgreSQL's processes are never
 * this runner's waited-for children, and they are much of a stage's work. On a machine doing
 * other work too, that work counts in. Linux's /proc only; elsewhere nothing is reported.
 */
function cpuSeconds() {
  try {
    // The first line of /proc/stat: "cpu user nice system idle iowait irq softirq steal ...", in 1/100 s.
    const [, ...fields] = fs.readFileSync("/proc/stat", "utf8").split("\n", 1)[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
    const machine = user + nice + system + irq + softirq + (steal || 0);
    let server = 0;
    if (sharedServerPid) {
      try {
        const stat = fs.readFileSync(`/proc/${sharedServerPid}/stat`, "utf8");
        // After the command's name: utime and stime are the 12th and 13th values.
        const values = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        server = Number(values[11]) + Number(values[12]);
      } catch {}
    }
    return { total: machine / 100, server: server / 100 };
  } catch {
    return undefined;
  }
}
/** Runs one stage, keeps its wall and CPU time for the summary, and counts it failed on a non-zero exit. */
async function stage(name, work) {
  const started = performance.now();
  const cpuBefore = cpuSeconds();
  const code = await work();
  const cpuAfter = cpuSeconds();
  const cpu =
    cpuBefore === undefined || cpuAfter === undefined
      ? undefined
      : { total: cpuAfter.total - cpuBefore.total, server: sharedServerPid ? cpuAfter.server - cpuBefore.server : undefined };
  timings.push({ name, seconds: (performance.now() - started) / 1000, cpu, ok: code === 0 });
  return code === 0 ? 0 : 1;
}
const mode = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
console.log(`\n=== Studio tests on ${mode} ===\n`);
let failed = 0;

// The shared server's database and DATA_DIR for the api and browser stages, and its settings.
const sharesServer = wants("api") || wants("browser");
const dataDir = sharesServer ? fs.mkdtempSync(path.join(os.tmpdir(), "studio-test-")) : "";
const sharedServerEnv = {
  ...SECRETS,
  NEXT_TELEMETRY_DISABLED: "1",
  DATA_DIR: dataDir,
  SWEEP_INTERVAL_MS: "500",
  // `next start` is a production server: the demo data and the sandbox chain are opted into.
  SEED_DEMO: "1",
  SANDBOX_CHAIN: "1",
  // Every API and browser test file runs in parallel with the same demo keys: the per-key limit
  // would turn them into 429s. e2e/servers/rate-limit.test.ts tests it on servers of its own.
  STUDIO_RATE_LIMIT: "0",
  // Every sign-in of the suite comes from 127.0.0.1, and several specs make wrong ones on purpose:
  // the per-address limit (tested on a server of its own in e2e/servers/rate-limit.test.ts) would
  // refuse the rest of the suite's sign-ins for 15 minutes.
  SIGN_IN_ADDRESS_LIMIT: "100000",
  // Webhook tests point callbacks at receivers they start on 127.0.0.1, and retry in seconds.
  WEBHOOK_ALLOW_PRIVATE: "1",
  WEBHOOK_RETRY_SCHEDULE: "1,1,2",
  WEBHOOK_TIMEOUT_MS: "2000",
};
// Before the server opens that database (PGlite allows one process): its start-up (migrations, the
// demo seed), then each test file's own organizations (e2e/organizations/provision.ts), so no file
// shares one with another. It needs no build and touches no other stage's databases, so it runs
// beside the unit and node stages and the build, off the path to the first API test; its output
// goes to organizations.log. `react-server` resolves `server-only` as the server does.
const provisioning =
  sharesServer
    ? (async () => {
        const started = performance.now();
        const log = fs.openSync(path.join(dataDir, "organizations.log"), "w");
        const code = await new Promise((resolve) => {
          const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(root, "e2e", "organizations", "provision.ts")], {
            cwd: root,
            stdio: ["ignore", log, log],
            env: { ...process.env, ...sharedServerEnv },
          });
          // A run that ends early (a failed build) does not leave it holding the database.
          const stop = () => child.exitCode === null && child.kill("SIGTERM");
          process.on("exit", stop);
          child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
        });
        fs.closeSync(log);
        return { name: "organizations (beside the stages before it)", seconds: (performance.now() - started) / 1000, ok: code === 0 };
      })()
    : undefined;

// The worker and the CLI run from their built JavaScript, as in production (node tests spawn them),
// and every `npm start` server loads the built observability module: any stage with a server.
if (chosen.some((stage) => stage !== "unit") && (await run(process.execPath, [path.join(root, "scripts", "build-scripts.mjs")]))) process.exit(1);

// The node and servers tests create dozens of scratch databases. On PGlite each new one costs
// about 7 s of CPU (initdb in WebAssembly) and 3 s of migrations: one is migrated here, beside the
// unit stage, and the tests start from copies of it (e2e/node/support.ts freshTarget).
const pgliteTemplate =
  (wants("node") || wants("servers")) && !process.env.DATABASE_URL
    ? (async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-template-"));
        process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
        const log = fs.openSync(path.join(dir, "migrate.log"), "w");
        const code = await new Promise((resolve) => {
          const child = spawn(process.execPath, [path.join(root, "dist", "migrate.mjs")], { cwd: root, stdio: ["ignore", log, log], env: { ...process.env, ...SECRETS, DATA_DIR: dir } });
          child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
        });
        fs.closeSync(log);
        if (code !== 0) {
          console.error(fs.readFileSync(path.join(dir, "migrate.log"), "utf8"));
          throw new Error("could not migrate the PGlite template database");
        }
        return { STUDIO_TEST_PGLITE_TEMPLATE: path.join(dir, "pglite") };
      })()
    : Promise.resolve({});

if (wants("unit")) failed += await stage("unit", () => run(bin("vitest"), ["run", "--project", "unit", ...filters]));
const templateEnv = await pgliteTemplate;
// Vitest's default on this 2-core machine is one file at a time; node, api and servers tests spend
// most of their time waiting on child processes, servers and databases, so two files share it.
const SIDE_BY_SIDE = "--maxWorkers=2";
if (wants("node")) failed += await stage("node", () => run(bin("vitest"), ["run", "--project", "node", SIDE_BY_SIDE, ...filters], templateEnv));

if ((wants("api") || wants("browser") || wants("servers")) && process.env.SKIP_BUILD !== "1") {
  const built = await stage("build", () => run(bin("next"), ["build"], { NEXT_TELEMETRY_DISABLED: "1" }));
  if (built !== 0) process.exit(1);
}

if (sharesServer) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const serverEnv = { ...sharedServerEnv, ...publicUrl(port), PORT: String(port) };
  const provisioned = await provisioning;
  timings.push(provisioned);
  if (!provisioned.ok) {
    console.error(fs.readFileSync(path.join(dataDir, "organizations.log"), "utf8"));
    process.exit(1);
  }
  // `npm start`'s server: Next.js with the Studio API's fast path (scripts/start.mjs).
  const server = spawn(process.execPath, [path.join(root, "scripts", "start.mjs"), "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: { ...process.env, ...serverEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  sharedServerPid = server.pid;
  const serverLog = fs.createWriteStream(path.join(dataDir, "server.log"));
  server.stdout.pipe(serverLog);
  server.stderr.pipe(serverLog);
  const stop = () => server.exitCode === null && server.kill("SIGTERM");
  process.on("exit", stop);
  try {
    await waitForHealth(baseUrl, server, 300_000);
    // The secrets too: tests of POST /me/sign_ins speak as the console's server (CONSOLE_SECRET).
    const testEnv = { ...SECRETS, STUDIO_TEST_URL: baseUrl, STUDIO_TEST_DATA_DIR: dataDir };
    // Two API files at a time against the one server: each file acts in organizations of its own,
    // and one file alone leaves the server waiting on the test's side of every round trip.
    if (wants("api")) failed += await stage("api", () => run(bin("vitest"), ["run", "--project", "api", SIDE_BY_SIDE, ...filters], testEnv));
    if (wants("browser")) failed += await stage("browser", () => run(bin("playwright"), ["test", ...browserGrep, ...filters], testEnv));
  } catch (error) {
    console.error(error);
    failed += 1;
  } finally {
    // Its exit is awaited, so that its shutdown is not counted in the next stage; a server still
    // there after its shutdown limit (20 s) and some is killed, never left running behind the run.
    const exited = server.exitCode === null ? new Promise((resolve) => server.once("exit", resolve)) : Promise.resolve();
    stop();
    const gone = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 30_000))]);
    if (!gone) {
      console.error("the shared server did not stop within 30 s of SIGTERM: killed");
      server.kill("SIGKILL");
      await exited;
    }
    sharedServerPid = undefined;
    if (failed) console.log(`server log kept at ${path.join(dataDir, "server.log")}`);
  }
}

// After the shared server is gone: these tests' own servers get the machine to themselves.
if (wants("servers")) {
  failed += await stage("servers", () => run(bin("vitest"), ["run", "--project", "servers", SIDE_BY_SIDE, ...filters], { ...SECRETS, ...publicUrl(3000), ...templateEnv, STUDIO_TEST_OWN_SERVERS: "1" }));
}

const cpuNote = (seconds, cpu) =>
  cpu === undefined
    ? ""
    : ` (CPU ${cpu.total.toFixed(0)} s, ${(cpu.total / seconds).toFixed(1)} cores${cpu.server === undefined ? "" : `, the shared server ${(cpu.server / seconds).toFixed(1)}`})`;
console.log(`\nStage times on ${mode}: ${timings.map(({ name, seconds, cpu, ok }) => `${name} ${seconds.toFixed(0)} s${cpuNote(seconds, cpu)}${ok ? "" : " (failed)"}`).join(", ")}`);
console.log(failed ? `\n${failed} test stage(s) failed on ${mode}` : `\nAll test stages passed on ${mode}`);
process.exit(failed ? 1 : 0);
