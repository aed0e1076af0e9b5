// GET /api/health - 200 once migrations and seeding are done, 503 until then; "degraded" (still
// 200: everything else works, and the chain catches up once its node is back) naming each RPC
// chain whose node does not answer
import { whenBooted } from "@/lib/boot";
import { unreachableChains } from "@/lib/studio/chain/list-chains";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const state = await whenBooted(5_000);
  const unreachable = state === "ok" ? await unreachableChains() : [];
  const body = unreachable.length > 0 ? { status: "degraded", unreachable_chains: unreachable } : { status: state };
  return Response.json(body, { status: state === "ok" ? 200 : 503, headers: { "cache-control": "no-store" } });
}
