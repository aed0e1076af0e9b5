// A JSON-RPC server that replays a stretch of a real chain: the blocks REPLAY_FROM..REPLAY_TO and
// their token Transfer logs, read once from the real node at REPLAY_UPSTREAM (Hardhat's, in the
// bench) and then answered from memory, byte for byte as the node gave them. What it does not hold
// (eth_chainId, eth_call, fees…) it forwards to the node. `bench:chain` runs the scanner against it
// as well as against the node itself: Hardhat's node answers eth_getLogs slower than the scanner
// reads them, so only the replay shows what the scanner itself costs.
//
// Environment: REPLAY_UPSTREAM (the node's URL), REPLAY_FROM, REPLAY_TO (block numbers),
// REPLAY_ADDRESSES (the token contracts, comma-separated), REPLAY_CAPTURE (optional file: read
// the capture from it when it exists, else write it there). Prints `listening <port> <from> <to>` when ready.
import fs from "node:fs";
import http from "node:http";
import readline from "node:readline";

type RpcRequest = { jsonrpc: "2.0"; id: number | string; method: string; params?: unknown[] };
type CapturedBlock = { number: number; block: string; logs: string };

const upstream = process.env.REPLAY_UPSTREAM!;
let from = Number(process.env.REPLAY_FROM);
let to = Number(process.env.REPLAY_TO);
const addresses = (process.env.REPLAY_ADDRESSES ?? "").split(",").filter(Boolean);
const captureFile = process.env.REPLAY_CAPTURE;
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

/** Per block: its header as the node gave it, and its logs as the items of a JSON array. */
const blocks = new Map<number, CapturedBlock>();
/**
 * Every captured log, in block order, as one buffer of JSON array items ("{…},{…},…"), and per
 * block the byte range of its logs in it: the logs of any range of blocks are one slice of it,
 * sent as it is. Building each answer as a new string (6 MB for 100 busy blocks) made the replay
 * server, which shares the machine's cores with the scanner, part of what the bench measured.
 */
let allLogs = Buffer.alloc(0);
const logBytes = new Map<number, { start: number; end: number }>();

function indexLogs(): void {
  const parts: Buffer[] = [];
  let size = 0;
  for (const number of [...blocks.keys()].sort((a, b) => a - b)) {
    const logs = blocks.get(number)!.logs;
    if (!logs) continue;
    if (size > 0) {
      parts.push(Buffer.from(","));
      size += 1;
    }
    const bytes = Buffer.from(logs, "utf8");
    logBytes.set(number, { start: size, end: size + bytes.length });
    parts.push(bytes);
    size += bytes.length;
    blocks.get(number)!.logs = ""; // held once, in allLogs
  }
  allLogs = Buffer.concat(parts, size);
}

/** The logs of blocks `first`..`last` as the bytes of a JSON array's items (a slice of allLogs, not a copy). */
function logsOf(first: number, last: number): Buffer {
  let start: number | undefined;
  let end: number | undefined;
  for (let number = first; number <= last; number++) {
    const range = logBytes.get(number);
    if (!range) continue;
    start ??= range.start;
    end = range.end;
  }
  return start === undefined ? Buffer.alloc(0) : allLogs.subarray(start, end);
}

async function call(body: unknown): Promise<string> {
  const response = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return response.text();
}

const hex = (number: number) => `0x${number.toString(16)}`;

async function capture(): Promise<void> {
  if (captureFile && fs.existsSync(captureFile)) {
    const lines = readline.createInterface({ input: fs.createReadStream(captureFile) });
    for await (const line of lines) {
      const captured = JSON.parse(line) as CapturedBlock;
      blocks.set(captured.number, captured);
    }
    from = Math.min(...blocks.keys());
    to = Math.max(...blocks.keys());
    return;
  }
  const STEP = 100;
  for (let start = from; start <= to; start += STEP) {
    const end = Math.min(to, start + STEP - 1);
    const numbers = Array.from({ length: end - start + 1 }, (_, index) => start + index);
    const headers = JSON.parse(await call(numbers.map((number) => ({ jsonrpc: "2.0", id: number, method: "eth_getBlockByNumber", params: [hex(number), false] })))) as Array<{
      id: number;
      result: unknown;
    }>;
    const logs = JSON.parse(await call({ jsonrpc: "2.0", id: 1, method: "eth_getLogs", params: [{ address: addresses, topics: [TRANSFER_TOPIC], fromBlock: hex(start), toBlock: hex(end) }] })) as {
      result: Array<{ blockNumber: string }>;
    };
    const logsByBlock = new Map<number, string[]>();
    for (const log of logs.result) {
      const number = Number(log.blockNumber);
      logsByBlock.set(number, [...(logsByBlock.get(number) ?? []), JSON.stringify(log)]);
    }
    for (const header of headers) blocks.set(header.id, { number: header.id, block: JSON.stringify(header.result), logs: (logsByBlock.get(header.id) ?? []).join(",") });
  }
  if (captureFile) {
    const out = fs.createWriteStream(captureFile);
    for (const captured of blocks.values()) out.write(`${JSON.stringify(captured)}\n`);
    await new Promise((resolve) => out.end(resolve));
  }
}

/** The answer's `result` as JSON text (or bytes), or undefined to ask the node. */
function answer(request: RpcRequest): string | Buffer[] | undefined {
  const params = request.params ?? [];
  switch (request.method) {
    case "replay_cpuUsage": // the bench's question: how much CPU this server spent (microseconds)
      return JSON.stringify(process.cpuUsage());
    case "eth_blockNumber":
      return JSON.stringify(hex(to));
    case "eth_getBlockByNumber": {
      const tag = params[0] as string;
      const number = tag === "latest" ? to : Number(tag);
      if (params[1] || !blocks.has(number)) return undefined;
      return blocks.get(number)!.block;
    }
    case "eth_getLogs": {
      const filter = params[0] as { fromBlock: string; toBlock: string; address?: string[] };
      const requested = new Set((filter.address ?? []).map((address) => address.toLowerCase()));
      if (addresses.some((address) => !requested.has(address.toLowerCase()))) return undefined;
      return [Buffer.from("["), logsOf(Number(filter.fromBlock), Math.min(to, Number(filter.toBlock))), Buffer.from("]")];
    }
    default:
      return undefined;
  }
}

/** The answer's bytes, in parts (a range's logs are a slice of the captured ones, sent without copying). */
async function respond(request: RpcRequest): Promise<Buffer[]> {
  const result = answer(request);
  if (result === undefined) return [Buffer.from(await call(request))];
  return [Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},"result":`), ...(typeof result === "string" ? [Buffer.from(result)] : result), Buffer.from("}")];
}

function batch(answers: Buffer[][]): Buffer[] {
  return [Buffer.from("["), ...answers.flatMap((parts, index) => (index === 0 ? parts : [Buffer.from(","), ...parts])), Buffer.from("]")];
}

async function main(): Promise<void> {
  await capture();
  indexLogs();
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", async () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as RpcRequest | RpcRequest[];
        const parts = Array.isArray(body) ? batch(await Promise.all(body.map(respond))) : await respond(body);
        outgoing.writeHead(200, { "content-type": "application/json", "content-length": parts.reduce((size, part) => size + part.length, 0) });
        for (const part of parts) outgoing.write(part);
        outgoing.end();
      } catch (error) {
        outgoing.writeHead(500).end(String(error));
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    console.log(`listening ${typeof address === "object" && address ? address.port : 0} ${from} ${to}`);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
