// The scanner's reading of eth_getLogs answers: only logs to watched addresses come out, whole and
// as the node wrote them, however the answer is spaced or its keys ordered; every log is counted;
// an error answer is thrown with the node's words (the scanner shrinks its range on "more than").
import { describe, expect, it } from "vitest";
import { hexPrefix, transferLogsOf, type RawLog, type WatchedAddresses } from "@/lib/studio/chain/evm/transfer-logs";

const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const topicOf = (address: string) => `0x${"0".repeat(24)}${address.slice(2)}`;
const ours = "0xbebebebe00000000000000000000000000000007";
const alsoOurs = "0xabcdef0123456789abcdef0123456789abcdef01";
const stranger = "0x1eb686bd9b5ab97dcdc787e182f6ff7436b7ebcb";

function watching(...addresses: string[]): WatchedAddresses {
  const watched: WatchedAddresses = { owners: new Map(), prefixes: new Set() };
  addresses.forEach((address, index) => {
    const key = address.slice(2).toLowerCase();
    watched.owners.set(key, { paymentIntentId: `pi_${index}`, orgId: 1 });
    watched.prefixes.add(hexPrefix(key, 0));
  });
  return watched;
}

function log(to: string, index: number, topics = [TRANSFER, topicOf(stranger), topicOf(to)]): RawLog {
  return {
    address: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
    topics: topics as RawLog["topics"],
    data: "0x00000000000000000000000000000000000000000000000000000000000f4240",
    blockNumber: "0x1a",
    blockHash: `0x${"ab".repeat(32)}`,
    transactionHash: `0x${"cd".repeat(32)}`,
    logIndex: `0x${index.toString(16)}`,
    removed: false,
  };
}

const answer = (logs: unknown[], space?: number) => Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, result: logs }, null, space));

describe("transferLogsOf", () => {
  const logs = [log(stranger, 0), log(ours, 1), log(`0x${"12".repeat(20)}`, 2), log(alsoOurs, 3)];

  it("keeps the logs to watched addresses, whole, and counts every log", () => {
    const read = transferLogsOf(answer(logs), watching(ours, alsoOurs));
    expect(read.count).toBe(4);
    expect(read.logs).toEqual([logs[1], logs[3]]);
    expect(transferLogsOf(answer(logs), watching())).toEqual({ count: 4, logs: [] });
  });

  it("reads a spaced answer, keys in another order, and upper-case hex alike", () => {
    const spaced = transferLogsOf(answer(logs, 2), watching(ours, alsoOurs));
    expect(spaced).toEqual({ count: 4, logs: [logs[1], logs[3]] });
    const reordered = logs.map(({ topics, ...rest }) => ({ topics, ...rest }));
    expect(transferLogsOf(answer(reordered), watching(alsoOurs)).logs).toEqual([reordered[3]]);
    const upper = log(`0x${alsoOurs.slice(2).toUpperCase()}`, 9);
    expect(transferLogsOf(answer([upper]), watching(alsoOurs)).logs).toEqual([upper]);
    const idFirst = Buffer.from(`{"id":1,"jsonrpc":"2.0","result":${JSON.stringify(logs)}}`);
    expect(transferLogsOf(idFirst, watching(ours)).logs).toEqual([logs[1]]);
  });

  it("counts but never keeps a log without exactly three topics", () => {
    const four = log(ours, 5, [TRANSFER, topicOf(stranger), topicOf(ours), `0x${"00".repeat(32)}`]);
    const two = log(ours, 6, [TRANSFER, topicOf(ours)]);
    expect(transferLogsOf(answer([four, two]), watching(ours))).toEqual({ count: 2, logs: [] });
  });

  it("reads an empty answer as no logs", () => {
    expect(transferLogsOf(answer([]), watching(ours))).toEqual({ count: 0, logs: [] });
  });

  it("throws an error answer with the node's message", () => {
    const refused = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32005, message: "query returned more than 10000 results" } }));
    expect(() => transferLogsOf(refused, watching(ours))).toThrow(/more than 10000 results.*-32005/);
    expect(() => transferLogsOf(Buffer.from("<html>bad gateway</html>"), watching(ours))).toThrow(/other than JSON/);
    expect(() => transferLogsOf(Buffer.from('{"jsonrpc":"2.0","id":1,"result":null}'), watching(ours))).toThrow(/without a list of logs/);
  });
});

describe("hexPrefix", () => {
  it("reads hex digits of either case as the same number, and anything else as NaN", () => {
    expect(hexPrefix("xxABCDEF0", 2)).toBe(0xabcdef0);
    expect(hexPrefix("abcdef0", 0)).toBe(0xabcdef0);
    expect(hexPrefix("abcdefg", 0)).toBeNaN();
  });
});
