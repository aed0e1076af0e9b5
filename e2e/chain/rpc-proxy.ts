// A JSON-RPC proxy on a loopback port in front of the local node, for what the node itself cannot
// be made to do: serve only under a key-bearing path (as Alchemy's /v2/<key>), answer for a
// `safe`/`finalized` block the test chooses (Hardhat's are its head), give one answer of another
// node (a different block hash, a missing or altered log), go off the network, and count what
// Studio asks. Each rewrite changes one field of the node's own answer, so everything else is real.
import http from "node:http";

type RpcRequest = { jsonrpc: string; id: unknown; method: string; params?: unknown[] };
type RpcAnswer = { jsonrpc: string; id: unknown; result?: unknown; error?: unknown };

export type RpcProxy = {
  /** The proxy's URL, with its path when it has one. */
  url: string;
  /** Requests per JSON-RPC method since the last reset. */
  calls(method: string): number;
  resetCalls(): void;
  /** Off: every connection is cut at once (a node gone from the network). */
  setReachable(reachable: boolean): void;
  /** The block number a `safe` or `finalized` tag stands for; undefined: the node's own answer. */
  setTagged(number: number | undefined): void;
  /** These methods are answered with a JSON-RPC error and never reach the node (a node refusing a send). */
  setRefused(methods: string[]): void;
  /** Rewrites the node's answer to one method: (request, answer) → answer. */
  setRewrite(rewrite: ((request: RpcRequest, answer: RpcAnswer) => RpcAnswer) | undefined): void;
  close(): Promise<void>;
};

export async function startRpcProxy(upstream: string, options: { path?: string } = {}): Promise<RpcProxy> {
  const counts = new Map<string, number>();
  let reachable = true;
  let tagged: number | undefined;
  let refused = new Set<string>();
  let rewrite: ((request: RpcRequest, answer: RpcAnswer) => RpcAnswer) | undefined;
  const forward = async (request: RpcRequest): Promise<RpcAnswer> => {
    counts.set(request.method, (counts.get(request.method) ?? 0) + 1);
    if (refused.has(request.method)) return { jsonrpc: "2.0", id: request.id, error: { code: -32000, message: `${request.method} refused by the test's proxy` } };
    let sent = request;
    if (tagged !== undefined && request.method === "eth_getBlockByNumber" && ["safe", "finalized"].includes(String(request.params?.[0]))) {
      sent = { ...request, params: [`0x${tagged.toString(16)}`, ...(request.params ?? []).slice(1)] };
    }
    const response = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(sent) });
    const answer = (await response.json()) as RpcAnswer;
    return rewrite ? rewrite(request, answer) : answer;
  };
  const server = http.createServer((incoming, outgoing) => {
    if (!reachable) return void incoming.socket.destroy();
    if (options.path !== undefined && incoming.url !== options.path) return void outgoing.writeHead(404).end("no such path");
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", async () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as RpcRequest | RpcRequest[];
        const answer = Array.isArray(body) ? await Promise.all(body.map(forward)) : await forward(body);
        outgoing.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
      } catch {
        outgoing.writeHead(502).end();
      }
    });
  });
  const port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)));
  return {
    url: `http://127.0.0.1:${port}${options.path ?? ""}`,
    calls: (method) => counts.get(method) ?? 0,
    resetCalls: () => counts.clear(),
    setReachable(value) {
      reachable = value;
      if (!value) server.closeAllConnections();
    },
    setTagged: (number) => void (tagged = number),
    setRefused: (methods) => void (refused = new Set(methods)),
    setRewrite: (next) => void (rewrite = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
