// What every bench phase shares: child servers (stopped at the end), readiness, bounded autocannon
// runs with exact percentiles and the server's CPU per request, and the byte-for-byte check that
// makes a comparison with the bare server mean something.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import autocannon from "autocannon";

export const root = path.resolve(import.meta.dirname, "..");
export const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

export const settings = {
  adminUrl: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  distDir: process.env.NEXT_DIST_DIR || ".next",
  invoices: Number(process.env.BENCH_INVOICES ?? 100_000),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
  poolSize: 10,
  listRate: Number(process.env.BENCH_LIST_RATE ?? 50),
  holdSeconds: Math.min(600, Number(process.env.BENCH_HOLD_SECONDS ?? 0)),
  /** Embedded runs: the demo seed's invoice count, as a new user gets it. */
  embeddedInvoices: Number(process.env.BENCH_EMBEDDED_INVOICES ?? 200),
  /** Lighthouse runs of each console page and preset; the median is judged. */
  lighthouseRuns: Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)),
  /** Comma-separated phase names to run (default: all). */
  only: (process.env.BENCH_ONLY ?? "").split(",").filter(Boolean),
  /** A folder for V8 CPU profiles of the Next servers (--cpu-prof), written when they stop. */
  cpuProfDir: process.env.BENCH_CPU_PROF ?? "",
  /** "start" (default): `npm start`'s server, scripts/start.mjs; "next-start": plain `next start`, to compare. */
  server: process.env.BENCH_SERVER === "next-start" ? ("next-start" as const) : ("start" as const),
  /** "3400-3499": the servers' ports come from this range (runs beside other people's servers); any free port when unset. */
  ports: portRange(process.env.BENCH_PORTS),
};

function portRange(range: string | undefined): { first: number; last: number } | undefined {
  if (!range) return undefined;
  const match = /^(\d+)-(\d+)$/.exec(range);
  if (!match || Number(match[1]) > Number(match[2])) throw new Error(`BENCH_PORTS must be a range like 3400-3499, not ${range}`);
  return { first: Number(match[1]), last: Number(match[2]) };
}

const children: ChildProcess[] = [];

export function log(message: string): void {
  console.log(`[bench] ${message}`);
}

// Ports handed out are not bound until their server starts: each is handed out once per run.
let nextInRange = 0;

/** A port nothing listens on now: the next one of BENCH_PORTS's range that binds, else any. */
export async function freePort(): Promise<number> {
  const range = settings.ports;
  if (!range) return bindable(0);
  for (; nextInRange <= range.last - range.first; nextInRange++) {
    const port = range.first + nextInRange;
    if (await bindable(port).then(() => true, () => false)) {
      nextInRange += 1;
      return port;
    }
  }
  throw new Error(`no free port left in BENCH_PORTS ${range.first}-${range.last}`);
}

function bindable(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
    server.on("error", reject);
  });
}

/** Starts a child with `env` over this process's environment; an undefined value removes that variable. */
export function start(command: string, args: string[], env: Record<string, string | undefined>, logFile: string): ChildProcess {
  // Production processes refuse to start without their secrets and PUBLIC_URL: the bench's share these.
  const secrets = {
    STUDIO_SECRET: "bench-studio-secret-0123456789abcdefghijkl",
    CONSOLE_SECRET: "bench-console-secret-0123456789abcdefghijkl",
    PUBLIC_URL: "http://localhost:3000",
  };
  const merged: Record<string, string | undefined> = { ...secrets, ...process.env, ...env };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const child = spawn(command, args, { cwd: root, env: merged as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  const out = fs.createWriteStream(logFile, { flags: "a" });
  // Two sources into one file: neither may end it while the other still writes.
  child.stdout?.pipe(out, { end: false });
  child.stderr?.pipe(out, { end: false });
  child.once("exit", () => out.end());
  children.push(child);
  return child;
}

/** `npm start`'s server (or `next start`, BENCH_SERVER=next-start) on the given database, rate limit and sweeper off. */
export function startNext(port: number, env: Record<string, string | undefined>, logFile: string): ChildProcess {
  const profiling = settings.cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(settings.cpuProfDir)}`] : [];
  const listen = ["-p", String(port), "-H", "127.0.0.1"];
  const entry =
    settings.server === "start" ? [path.join(root, "scripts", "start.mjs"), ...listen] : [path.join(root, "node_modules", "next", "dist", "bin", "next"), "start", ...listen];
  return start(
    process.execPath,
    [...profiling, ...entry],
    {
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_ENV: "production",
      // The sweeper would expire the back-dated approved invoices while we measure.
      SWEEPER: "0",
      // The bench measures throughput with a few keys; the per-key limit would cap it at 100/s.
      STUDIO_RATE_LIMIT: "0",
      ...env,
    },
    logFile,
  );
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

export async function stopAll(): Promise<void> {
  await Promise.all(children.map(stop));
}

export async function waitFor(url: string, child: ChildProcess, timeoutMs: number, headers: Record<string, string> = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url, { headers });
      if (response.status === 200) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) used so far by a process and its descendants, from /proc. */
export function cpuSeconds(pid: number): number {
  const ticks = (id: number) => {
    try {
      const fields = fs.readFileSync(`/proc/${id}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  const descendants = (id: number): number[] => {
    let direct: number[] = [];
    try {
      direct = fs.readFileSync(`/proc/${id}/task/${id}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {}
    return direct.flatMap((child) => [child, ...descendants(child)]);
  };
  return [pid, ...descendants(pid)].reduce((sum, id) => sum + ticks(id), 0) / TICKS_PER_SECOND;
}

export type Target = { url: string; pid: number };

export type Measured = {
  label: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Server CPU per request: robust against other load on the machine, unlike req/s. */
  cpuMs: number;
};

export function percentile(sorted: number[], fraction: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}

/** What one load run sends: GETs over `paths` in turn, or the same POST again and again. */
export type LoadRequests = { paths: readonly string[] } | { post: { path: string; body: string; headers?: Record<string, string> } };

/**
 * GETs at an evenly paced offered rate, open loop: one request every 1000/rate ms whatever the
 * earlier ones are doing (kept-alive sockets, as many as needed). Not autocannon's `overallRate`:
 * it sends each connection's share of a second back to back at the top of the second, so its
 * latencies measure a burst's queue rather than the service at that rate.
 */
async function paced(label: string, target: Target, apiKey: string, paths: readonly string[], seconds: number, rate: number): Promise<Measured> {
  const agent = new http.Agent({ keepAlive: true });
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const cpuBefore = cpuSeconds(target.pid);
  const total = Math.round(seconds * rate);
  const startedAt = performance.now();
  const one = (pathName: string) =>
    new Promise<void>((resolve) => {
      const sentAt = performance.now();
      const request = http.get(target.url + pathName, { agent, headers: { "x-studio-api-key": apiKey } }, (response) => {
        response.resume();
        response.on("end", () => {
          latencies.push(performance.now() - sentAt);
          if (response.statusCode! < 200 || response.statusCode! >= 300) non2xx += 1;
          resolve();
        });
      });
      request.on("error", () => {
        errors += 1;
        resolve();
      });
    });
  const inFlight: Array<Promise<void>> = [];
  for (let index = 0; index < total; index++) {
    const due = startedAt + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(one(paths[index % paths.length]!));
  }
  await Promise.all(inFlight);
  agent.destroy();
  const cpuMs = ((cpuSeconds(target.pid) - cpuBefore) * 1000) / Math.max(1, total);
  latencies.sort((a, b) => a - b);
  return {
    label,
    requests: total,
    rps: total / seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors,
    non2xx,
    cpuMs,
  };
}

/**
 * One bounded load run; every response time is kept, so percentiles are exact. Closed loop at
 * `connections` (throughput, autocannon), or GETs at a fixed, evenly paced `rate` below
 * saturation (latency).
 */
export async function run(
  label: string,
  target: Target,
  apiKey: string,
  requests: LoadRequests,
  options: { seconds: number; rate?: number; connections?: number },
): Promise<Measured> {
  if (options.rate && "paths" in requests) return paced(label, target, apiKey, requests.paths, options.seconds, options.rate);
  let next = 0;
  const latencies: number[] = [];
  const cpuBefore = cpuSeconds(target.pid);
  const post = "post" in requests ? requests.post : undefined;
  const paths = "paths" in requests ? requests.paths : [];
  const instance = autocannon({
    url: target.url,
    connections: options.connections ?? settings.connections,
    duration: options.seconds,
    ...(options.rate ? { overallRate: options.rate } : {}),
    headers: { "x-studio-api-key": apiKey, ...(post ? { "content-type": "application/json", ...post.headers } : {}) },
    requests: [
      post
        ? { method: "POST", path: post.path, body: post.body }
        : { method: "GET", setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] as string }) },
    ],
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
  });
  const result = await instance;
  const cpuMs = ((cpuSeconds(target.pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
  latencies.sort((a, b) => a - b);
  return {
    label,
    requests: result.requests.total,
    rps: result.requests.total / options.seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuMs,
  };
}

/** GETs over `paths` for `seconds`: closed loop, or at `rate` req/s. */
export function load(label: string, target: Target, paths: readonly string[], apiKey: string, seconds: number, rate?: number): Promise<Measured> {
  return run(label, target, apiKey, { paths }, { seconds, rate });
}

/** The status and body of a GET: what two servers must agree on byte for byte. */
export async function answer(base: string, pathName: string, apiKey: string): Promise<string> {
  const response = await fetch(base + pathName, { headers: { "x-studio-api-key": apiKey } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${base}${pathName}: HTTP ${response.status} ${text}`);
  return text;
}

/** The bare server must return what the service returns, byte for byte, or the comparison means nothing. */
export async function checkSame(nextUrl: string, bareUrl: string, pathName: string, apiKey: string): Promise<void> {
  const [a, b] = await Promise.all([nextUrl, bareUrl].map((base) => answer(base, pathName, apiKey)));
  if (a !== b) throw new Error(`bare and Next answers differ for ${pathName}:\n${a}\n${b}`);
}
