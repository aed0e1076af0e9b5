// The create phase of `npm run bench` (issue 10): POST /invoice/intent closed-loop for a bounded
// time, all in one organization (the case a per-organization hot row serializes), on PostgreSQL
// (target ≥ 500 creates/s) and on PGlite (target ≥ 3 × the 66/s measured before).
import { measure, type Phase, type Verdict } from "./measure";

export const CREATE_TARGETS = { postgres: 500, pglite: 3 * 66 } as const;

const body = JSON.stringify({
  pricing_mode: "crypto",
  amount: "300",
  pay_token: "USDC",
  chain: "arb",
  origin: "https://shop.demo-merchant.test",
  recipient_name: "Bench Create",
  recipient_email: "create@bench.test",
  organization_name: "Bench Create Org",
  organization_email: "billing@bench.test",
  creator: "Bench Finance",
  payment_terms: 14,
  detail_items: [{ name: "Consulting hours", quantity: 2, unit_price: 150 }],
});

export async function createPhase(input: {
  driver: keyof typeof CREATE_TARGETS;
  url: string;
  apiKey: string;
  clientId: string;
  seconds: number;
  connections: number;
}): Promise<{ phase: Phase; verdict: Verdict }> {
  const label = `create invoice on ${input.driver === "postgres" ? "PostgreSQL" : "PGlite"}, ${input.connections} connections`;
  const post = { path: "/v1/studio/api/invoice/intent", body: () => body, headers: { "x-client-id": input.clientId } };
  // One create first, so a refused request fails the phase with its reason instead of a count.
  const first = await fetch(input.url + post.path, {
    method: "POST",
    headers: { "x-studio-api-key": input.apiKey, "content-type": "application/json", ...post.headers },
    body,
  });
  if (first.status !== 201 && first.status !== 200) throw new Error(`create refused: HTTP ${first.status} ${await first.text()}`);
  await measure({ label: "warm-up", url: input.url, apiKey: input.apiKey, seconds: 2, connections: input.connections, post });
  const phase = await measure({ label, url: input.url, apiKey: input.apiKey, seconds: input.seconds, connections: input.connections, post });
  const target = CREATE_TARGETS[input.driver];
  return {
    phase,
    verdict: {
      figure: `${label}: ${phase.rps.toFixed(0)} creates/s sustained over ${input.seconds} s, p95 ${phase.p95.toFixed(1)} ms, ${phase.failed} failed`,
      target: `>= ${target}/s, no failures`,
      met: phase.rps >= target && phase.failed === 0,
    },
  };
}
