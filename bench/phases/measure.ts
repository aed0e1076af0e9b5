// One bounded load run for the list and create phases: GET paths in turn or POST bodies, either
// closed-loop (throughput) or at a fixed offered rate (latency below saturation). Every response
// time is kept, so percentiles are exact.
import autocannon from "autocannon";

export type Phase = {
  label: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
};

export function percentile(sorted: number[], fraction: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}

export async function measure(input: {
  label: string;
  url: string;
  apiKey: string;
  seconds: number;
  connections: number;
  /** Offered req/s; closed loop when absent. */
  rate?: number;
  paths?: readonly string[];
  post?: { path: string; body: () => string; headers?: Record<string, string> };
}): Promise<Phase> {
  let next = 0;
  const latencies: number[] = [];
  const { paths, post } = input;
  const instance = autocannon({
    url: input.url,
    connections: input.connections,
    duration: input.seconds,
    ...(input.rate ? { overallRate: input.rate } : {}),
    headers: { "x-studio-api-key": input.apiKey, ...(post ? { "content-type": "application/json", ...post.headers } : {}) },
    requests: [
      post
        ? { method: "POST", setupRequest: (request) => ({ ...request, path: post.path, body: post.body() }) }
        : { method: "GET", setupRequest: (request) => ({ ...request, path: paths![next++ % paths!.length] as string }) },
    ],
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    label: input.label,
    requests: result.requests.total,
    rps: result.requests.total / input.seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

/** A figure against its target, as the bench prints it. */
export type Verdict = { figure: string; target: string; met: boolean };

export function verdictLines(verdicts: readonly Verdict[]): string {
  return verdicts.map((v) => `${v.met ? "PASS" : "FAIL"}  ${v.figure}  (target ${v.target})`).join("\n");
}
