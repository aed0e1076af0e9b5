// The embedded default, as a new user gets it: PGlite in the server process, the demo seed's
// invoices. GET /invoice/intent/{id} beside the bare server, then creates. PGlite takes one process
// per folder, so Next and the bare server take turns on the same folder: Next first (GET one, then
// creates, so the creates do not change what GET one measured), its answers kept, then the bare
// server, which must answer the same bytes. Issue 10's targets: at least 3 × the 136 req/s and 3 ×
// the 66 creates/s measured before.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { answer, bin, freePort, load, log, settings, start, startNext, stop, waitFor } from "../harness";
import type { PhaseResult } from "../report";
import { measureCreates } from "./creates";

const BEFORE_RPS = 136;

type Credentials = { orgs: Array<{ client_id: string; users: Array<{ role: string; api_key: string }> }> };

export async function embeddedPhase(): Promise<PhaseResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-embedded-"));
  try {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = startNext(
      port,
      { DATABASE_URL: undefined, DATA_DIR: dataDir, SEED_DEMO: "1", SEED_DEMO_INVOICES: String(settings.embeddedInvoices) },
      path.join(dataDir, "next.log"),
    );
    await waitFor(`${url}/api/health`, server, 300_000);
    const credentials = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8")) as Credentials;
    const demo = credentials.orgs[0]!;
    const apiKey = demo.users.find((user) => user.role === "viewer")!.api_key;
    const ids: string[] = [];
    for (let page = 1; ids.length < settings.embeddedInvoices; page++) {
      const listed = JSON.parse(await answer(url, `/v1/studio/api/invoice/intents?page_size=100&page=${page}`, apiKey)) as { data: Array<{ id: string }> };
      if (!listed.data.length) break;
      ids.push(...listed.data.map((invoice) => invoice.id));
    }
    const paths = ids.map((id) => `/v1/studio/api/invoice/intent/${id}`);
    log(`embedded: ${ids.length} invoices on PGlite in ${dataDir}`);
    const samples = paths.slice(0, 3);
    const expected = await Promise.all(samples.map((pathName) => answer(url, pathName, apiKey)));
    const nextTarget = { url, pid: server.pid ?? 0 };
    await load("warm-up", nextTarget, paths, apiKey, Math.min(3, settings.seconds));
    const next = await load("Next  GET /invoice/intent/{id} (PGlite)", nextTarget, paths, apiKey, settings.seconds);
    const creates = await measureCreates({
      driver: "pglite",
      target: nextTarget,
      apiKey: demo.users.find((user) => user.role === "finance")!.api_key,
      clientId: demo.client_id,
      seconds: settings.seconds,
      connections: 10,
    });
    await stop(server);

    const barePort = await freePort();
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const bare = start(
      bin("tsx"),
      ["bench/bare-server.ts", "--port", String(barePort), "--pglite", path.join(dataDir, "pglite")],
      { NODE_ENV: "production" },
      path.join(dataDir, "bare.log"),
    );
    await waitFor(`${bareUrl}${paths[0]}`, bare, 60_000, { "x-studio-api-key": apiKey });
    for (const [index, pathName] of samples.entries()) {
      const got = await answer(bareUrl, pathName, apiKey);
      if (got !== expected[index]) throw new Error(`embedded: bare and Next answers differ for ${pathName}:\n${expected[index]}\n${got}`);
    }
    const bareTarget = { url: bareUrl, pid: bare.pid ?? 0 };
    await load("warm-up", bareTarget, paths, apiKey, Math.min(3, settings.seconds));
    const bareMeasured = await load("bare  GET /invoice/intent/{id} (PGlite)", bareTarget, paths, apiKey, settings.seconds);
    await stop(bare);
    return {
      name: "embedded",
      setting: `PGlite, ${ids.length} invoices (the demo seed)`,
      rows: [{ next, bare: bareMeasured }, creates.row],
      targets: [
        { name: `embedded GET one req/s (3 × ${BEFORE_RPS})`, value: next.rps, unit: "req/s", rule: "at least", limit: 3 * BEFORE_RPS },
        creates.target,
      ],
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
