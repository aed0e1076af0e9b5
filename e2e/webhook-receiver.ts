// A real webhook receiver on 127.0.0.1 for the tests and the bench: records every request it gets
// (headers, raw body, arrival time) and answers as the test's policy says.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { id: string; headers: Record<string, string>; body: string; at: number };
export type Reply = { status: number; delayMs?: number; body?: string; headers?: Record<string, string> };

export type Receiver = {
  url: string;
  received: Received[];
  /** Requests carrying webhook-id `id`, in arrival order. */
  of(id: string): Received[];
  /** Resolves once `predicate` holds for what was received, or rejects after `timeoutMs`. */
  waitFor(predicate: (received: Received[]) => boolean, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
};

export async function startReceiver(policy: (request: Received, received: Received[]) => Reply = () => ({ status: 200 })): Promise<Receiver> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      const entry: Received = { id: headers["webhook-id"] ?? "", headers, body: Buffer.concat(chunks).toString("utf8"), at: performance.now() };
      received.push(entry);
      const reply = policy(entry, received);
      const answer = () => {
        if (response.destroyed) return;
        response.writeHead(reply.status, reply.headers);
        response.end(reply.body ?? "ok");
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    of: (id) => received.filter((entry) => entry.id === id),
    async waitFor(predicate, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      while (!predicate(received)) {
        if (performance.now() > deadline) throw new Error(`receiver: condition not met after ${timeoutMs} ms (${received.length} requests received)`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
