// `npm run bench:export`: the invoice CSV export of a large set, streamed from the built server,
// with the server's memory sampled while it streams (flat memory is the point of the keyset
// batches). A scratch PostgreSQL database with BENCH_EXPORT_INVOICES invoices (default 100,000;
// 1000000 for the million), dropped at the end. Prints rows, seconds, rows/s, and the
// server's resident memory before, at its peak and after, plus the peak's growth per 100k rows,
// and the server's CPU seconds over the export (comparable on a loaded machine, unlike the time).
//
// Environment (optional): DATABASE_URL (the server to create the scratch database on),
// NEXT_DIST_DIR (default .next, must be built), BENCH_EXPORT_INVOICES.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { cpuSeconds, freePort, log, settings, startNext, stopAll, waitFor } from "./harness";
import { seedInvoices } from "./phases/seed";

const invoices = Number(process.env.BENCH_EXPORT_INVOICES ?? 100_000);

/** The process's resident set in MiB, from /proc (Linux). */
function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function main(): Promise<void> {
  const dbName = `studio_bench_export_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: settings.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-export-"));
  try {
    const url = new URL(settings.adminUrl);
    url.pathname = `/${dbName}`;
    const port = await freePort();
    const server = startNext(
      port,
      { DATABASE_URL: url.toString(), DATA_DIR: dataDir, SEED_DEMO: "1", SEED_DEMO_INVOICES: "0" },
      path.join(dataDir, "next.log"),
    );
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/health`, server, 600_000);
    const credentials = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8"));
    const demo = credentials.orgs[0];
    const finance = demo.users.find((user: { role: string }) => user.role === "finance");
    const viewer = demo.users.find((user: { role: string }) => user.role === "viewer");
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const seeded = Date.now();
    await seedInvoices(client, invoices, demo.org_id, demo.client_id, finance.uid);
    await client.end();
    log(`seeded ${invoices} invoices in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

    const pid = server.pid!;
    // Warm the route (compilation of the handler's modules, the pool) with a narrow export.
    await (await fetch(`${base}/v1/studio/api/invoice/intents/export?status=approval_pending&created_after=2999-01-01`, { headers: { "x-studio-api-key": viewer.api_key } })).text();
    const before = rssMiB(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 100);
    const cpuBefore = cpuSeconds(pid);
    const started = Date.now();
    const response = await fetch(`${base}/v1/studio/api/invoice/intents/export?sort=-amount`, { headers: { "x-studio-api-key": viewer.api_key } });
    if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
    let bytes = 0;
    let lines = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const byte of value) if (byte === 0x0a) lines += 1;
    }
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const cpu = cpuSeconds(pid) - cpuBefore;
    const after = rssMiB(pid);
    const rows = lines - 1;
    if (rows !== invoices) throw new Error(`exported ${rows} rows of ${invoices}`);
    console.log(`\nCSV export of ${rows.toLocaleString("en")} invoices (sort=-amount, PostgreSQL, streamed over HTTP)`);
    console.log(`  time            ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString("en")} rows/s, ${(bytes / 1024 / 1024).toFixed(1)} MiB)`);
    // CPU seconds say what the time cannot on a shared machine: the work, whatever else runs.
    console.log(`  server CPU      ${cpu.toFixed(1)} s (${((cpu * 1_000_000) / rows).toFixed(1)} µs per row), load average ${fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
    console.log(`  server RSS      before ${before.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB, after ${after.toFixed(0)} MiB`);
    console.log(`  peak growth     ${(peak - before).toFixed(0)} MiB (${(((peak - before) * 100_000) / rows).toFixed(1)} MiB per 100k rows)`);
  } finally {
    await stopAll();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
