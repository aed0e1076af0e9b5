import "server-only";
// Reads an eth_getLogs answer of Transfer logs without building an object per log. A busy range
// is ~10,000 logs (6 MB of JSON) of which a handful pay a deposit address: parsing all of it was
// most of the scanner's time and garbage (see bench/chain-scanner.ts). The answer is read as
// bytes and stays bytes: each log's `to` (the last 20 bytes of its third topic) is read where it
// stands, and only the logs whose `to` is watched are parsed, whole, by JSON.parse. Anything that
// is not a plain `result` array (an error, an unexpected shape) is parsed in full and reported.
//
// The answer comes over node:http rather than fetch: fetch hands a 6 MB body over as web-stream
// chunks, each moved through promises and transferred between realms, which with the string
// the whole answer was then copied into was a third of the scanner's time in the bench's profile.
import http from "node:http";
import https from "node:https";
import type { Hex } from "viem";
import type { RpcEndpoint } from "@/lib/studio/chain/evm/rpc-endpoint";
import { describeBytes, MiB } from "@/lib/http/read-capped";

export type RawLog = { address: Hex; topics: Hex[]; data: Hex; blockNumber: Hex; blockHash: Hex; transactionHash: Hex; logIndex: Hex; removed?: boolean };

/** Whose deposit address it is. */
export type AddressOwner = { paymentIntentId: string; orgId: number };

/**
 * Deposit addresses keyed by their 40 lower-case hex digits without 0x (the form a Transfer's topic
 * holds them in), and the set of their first PREFIX_DIGITS digits as numbers: most logs pay no one
 * of ours, and the prefix set turns them away without making a string.
 */
export type WatchedAddresses = { owners: Map<string, AddressOwner>; prefixes: Set<number> };

const PREFIX_DIGITS = 7;

/** Each character code's value as a hex digit (either case), or -1: a byte of an answer, or a UTF-16 unit of a string. */
const HEX_DIGIT = new Int8Array(0x10000).fill(-1);
for (let digit = 0; digit < 16; digit++) {
  HEX_DIGIT["0123456789abcdef".charCodeAt(digit)] = digit;
  HEX_DIGIT["0123456789ABCDEF".charCodeAt(digit)] = digit;
}

/** The PREFIX_DIGITS hex digits of `source` from `at` as a number (upper or lower case; NaN if not hex). */
export function hexPrefix(source: string | Uint8Array, at: number): number {
  let value = 0;
  for (let index = at; index < at + PREFIX_DIGITS; index++) {
    const digit = HEX_DIGIT[typeof source === "string" ? source.charCodeAt(index) : source[index]!]!;
    if (digit === -1) return NaN;
    value = value * 16 + digit;
  }
  return value;
}

export type LogFilter = { address: Hex[]; topics: Hex[]; fromBlock: Hex; toBlock: Hex };

/** The largest answer read; larger ones are refused as too large, so the scanner asks for fewer blocks. */
const MAX_ANSWER_BYTES = 64 * MiB;
const TIMEOUT_MS = 10_000;

// A log's three topics, however spaced; the third's last 40 hex digits are the `to` of a Transfer.
const THREE_TOPICS = /^"topics"\s*:\s*\[\s*"0x[0-9a-fA-F]{64}"\s*,\s*"0x[0-9a-fA-F]{64}"\s*,\s*"0x[0-9a-fA-F]{24}([0-9a-fA-F]{40})"\s*\]$/;
const TOPICS_KEY = Buffer.from('"topics"', "latin1");
const COMPACT_OPENING = Buffer.from(':["0x', "latin1");
const RESULT_ARRAY = /^\s*\{[^[{]*?"result"\s*:\s*\[/;
// Where the `to` sits after `"topics"` in the compact form every node we know sends:
// "topics":["0x<64>","0x<64>","0x<24><40>"]
const COMPACT_TO = TOPICS_KEY.length + '":["0x'.length - 1 + 64 + '","0x'.length + 64 + '","0x'.length + 24;
/** From `"topics"` through the array's closing `"]` in that form. */
const COMPACT_LENGTH = COMPACT_TO + 40 + '"]'.length;
const QUOTE = 0x22;
// Boyer-Moore-Horspool shifts for TOPICS_KEY: how far the key may move on, by the byte under its
// last position. A search per log in JS: Buffer.indexOf is fast per byte, but its cost per call
// (10,000 calls an answer) was a tenth of the scanner's CPU.
const TOPICS_SHIFT = new Uint8Array(256).fill(TOPICS_KEY.length);
for (let index = 0; index < TOPICS_KEY.length - 1; index++) TOPICS_SHIFT[TOPICS_KEY[index]!] = TOPICS_KEY.length - 1 - index;
const CLOSING_BRACKET = 0x5d;
const OPENING_BRACE = 0x7b;
const CLOSING_BRACE = 0x7d;

/** Whether the topics array whose key starts at `at` has the compact form, COMPACT_LENGTH long. */
function isCompact(bytes: Buffer, at: number): boolean {
  const end = at + COMPACT_LENGTH;
  return bytes[end - 2] === QUOTE && bytes[end - 1] === CLOSING_BRACKET && matchesAt(bytes, COMPACT_OPENING, at + TOPICS_KEY.length);
}

/** Whether `key` stands in `bytes` at `at`. */
function matchesAt(bytes: Buffer, key: Buffer, at: number): boolean {
  if (at + key.length > bytes.length) return false;
  for (let index = 0; index < key.length; index++) if (bytes[at + index] !== key[index]) return false;
  return true;
}

/** Where the next `"topics"` key starts at or after `from`, or -1. */
function nextTopics(bytes: Buffer, from: number): number {
  const lastByte = TOPICS_KEY.length - 1;
  for (let at = from; at + lastByte < bytes.length; at += TOPICS_SHIFT[bytes[at + lastByte]!]!) {
    if (bytes[at + lastByte] === QUOTE && matchesAt(bytes, TOPICS_KEY, at)) return at;
  }
  return -1;
}

/**
 * The logs `filter` selects whose `to` is a watched address, and how many logs the
 * answer had in all (the scanner sizes its next range from it).
 */
export async function readTransferLogs(endpoint: RpcEndpoint, filter: LogFilter, watched: WatchedAddresses): Promise<{ count: number; logs: RawLog[] }> {
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_getLogs", params: [filter] });
  let bytes: Buffer;
  try {
    bytes = await post(endpoint, body);
  } catch (error) {
    // One quick retry covers a kept-alive connection the node closed (reads are safe to repeat).
    if (error instanceof AnswerError) throw error;
    await new Promise((resolve) => setTimeout(resolve, 50));
    bytes = await post(endpoint, body);
  }
  return transferLogsOf(bytes, watched);
}

/** What readTransferLogs makes of an answer's bytes (exported for its unit test). */
export function transferLogsOf(bytes: Buffer, watched: WatchedAddresses): { count: number; logs: RawLog[] } {
  // JSON-RPC answers of logs are ASCII: latin1 reads their opening byte for byte.
  if (!RESULT_ARRAY.test(bytes.toString("latin1", 0, 256))) {
    const all = resultOf(bytes.toString("utf8"));
    return { count: all.length, logs: all.filter((log) => log.topics?.length === 3 && watched.owners.has(log.topics[2]!.slice(26).toLowerCase())) };
  }
  let count = 0;
  const logs: RawLog[] = [];
  let at = nextTopics(bytes, 0);
  while (at !== -1) {
    count += 1;
    // Each log's `to` (the third topic's last 40 hex digits) is looked up by its prefix first, so
    // that the many logs paying no one of ours cost no string; the search for the next log goes on
    // after this one's topics array (hex holds no `"topics"`), a third of each log not searched.
    let topicsEnd: number;
    let pays: boolean;
    if (isCompact(bytes, at)) {
      topicsEnd = at + COMPACT_LENGTH;
      const to = topicsEnd - '"]'.length - 40;
      pays = watched.prefixes.has(hexPrefix(bytes, to)) && watched.owners.has(bytes.toString("latin1", to, to + 40).toLowerCase());
    } else {
      // Spaced otherwise: the topics array is what lies up to its closing bracket (hex holds none).
      const closing = bytes.indexOf(CLOSING_BRACKET, at);
      topicsEnd = closing === -1 ? at + TOPICS_KEY.length : closing + 1;
      const match = closing === -1 ? null : THREE_TOPICS.exec(bytes.toString("latin1", at, topicsEnd));
      pays = match !== null && watched.owners.has(match[1]!.toLowerCase());
    }
    if (pays) {
      // A log is a flat object (hex strings, numbers, a boolean, the topics array): its braces are
      // the nearest ones around its topics.
      const start = bytes.lastIndexOf(OPENING_BRACE, at);
      const end = bytes.indexOf(CLOSING_BRACE, at);
      if (start === -1 || end === -1) throw new AnswerError("eth_getLogs answered a log that is not a JSON object");
      logs.push(JSON.parse(bytes.toString("utf8", start, end + 1)) as RawLog);
    }
    at = nextTopics(bytes, topicsEnd);
  }
  return { count, logs };
}

class AnswerError extends Error {}

// Kept-alive connections per scheme: a catch-up asks for range after range of the same node.
const agents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) };

async function post(endpoint: RpcEndpoint, body: string): Promise<Buffer> {
  const { status, bytes } = await postBytes(endpoint, body);
  if ((status < 200 || status > 299) && !RESULT_ARRAY.test(bytes.toString("latin1", 0, 256))) {
    let reason = bytes.toString("utf8", 0, 500);
    try {
      resultOf(bytes.toString("utf8"));
    } catch (error) {
      reason = (error as Error).message;
    }
    throw new AnswerError(`eth_getLogs: HTTP ${status}: ${reason}`);
  }
  return bytes;
}

/** POSTs `body` and reads the answer's bytes, refusing more than MAX_ANSWER_BYTES and giving up after TIMEOUT_MS. */
function postBytes(endpoint: RpcEndpoint, body: string): Promise<{ status: number; bytes: Buffer }> {
  const url = new URL(endpoint.url);
  const transport = url.protocol === "https:" ? https : http;
  const tooLarge = () => new AnswerError(`eth_getLogs answer too large (over ${describeBytes(MAX_ANSWER_BYTES)})`);
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: "POST",
        agent: agents[url.protocol === "https:" ? "https:" : "http:"],
        headers: { ...endpoint.headers, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        if (Number(response.headers["content-length"] ?? 0) > MAX_ANSWER_BYTES) return request.destroy(tooLarge());
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) return request.destroy(tooLarge());
          chunks.push(chunk);
        });
        response.on("end", () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, bytes: Buffer.concat(chunks, size) });
        });
        response.on("error", fail);
      },
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    const timer = setTimeout(() => request.destroy(new Error(`eth_getLogs: no answer within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    request.on("error", fail);
    request.end(body);
  });
}

/** A whole answer parsed: its result, or its error thrown with the node's message. */
function resultOf(text: string): RawLog[] {
  let answer: { result?: unknown; error?: { code?: number; message?: string } };
  try {
    answer = JSON.parse(text);
  } catch {
    throw new AnswerError(`eth_getLogs answered something other than JSON: ${text.slice(0, 200)}`);
  }
  if (answer.error) throw new AnswerError(`eth_getLogs failed: ${answer.error.message ?? JSON.stringify(answer.error)}${answer.error.code === undefined ? "" : ` (${answer.error.code})`}`);
  if (!Array.isArray(answer.result)) throw new AnswerError("eth_getLogs answered without a list of logs");
  return answer.result as RawLog[];
}
