// The create phase of `npm run bench` (issue 10): POST /invoice/intent closed-loop for a bounded
// time, all in one organization (the case a per-organization hot row serializes), on PostgreSQL
// (target ≥ 500 creates/s) and on PGlite (target ≥ 3 × the 66/s measured before).
import { run, type Target } from "../harness";
import type { PhaseResult, TargetCheck } from "../report";

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

/** Closed-loop creates for `seconds`: the figures and the target they are held to. */
export async function measureCreates(input: {
  driver: keyof typeof CREATE_TARGETS;
  target: Target;
  apiKey: string;
  clientId: string;
  seconds: number;
  connections: number;
}): Promise<{ row: PhaseResult["rows"][number]; target: TargetCheck }> {
  const where = input.driver === "postgres" ? "PostgreSQL" : "PGlite";
  const post = { path: "/v1/studio/api/invoice/intent", body, headers: { "x-client-id": input.clientId } };
  // One create first, so a refused request fails the phase with its reason instead of a count.
  const first = await fetch(input.target.url + post.path, {
    method: "POST",
    headers: { "x-studio-api-key": input.apiKey, "content-type": "application/json", ...post.headers },
    body,
  });
  if (first.status !== 201 && first.status !== 200) throw new Error(`create refused: HTTP ${first.status} ${await first.text()}`);
  await run("warm-up", input.target, input.apiKey, { post }, { seconds: 2, connections: input.connections });
  const label = `Next  POST /invoice/intent (${where}, ${input.connections} connections)`;
  const measured = await run(label, input.target, input.apiKey, { post }, { seconds: input.seconds, connections: input.connections });
  const limit = CREATE_TARGETS[input.driver];
  return {
    row: { next: measured },
    target: { name: `creates/s on ${where}${input.driver === "pglite" ? " (3 × 66)" : ""}`, value: measured.rps, unit: "req/s", rule: "at least", limit },
  };
}
