// GET /api/ready - readiness: 200 when this server can take traffic (started, database answering,
// every migration applied; "degraded" while a chain's node does not answer), else 503 naming each
// check that failed. /api/health stays liveness.
import { readiness } from "@/lib/readiness";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const { status, checks } = await readiness();
  return Response.json({ status, checks }, { status: status === "not_ready" ? 503 : 200, headers: { "cache-control": "no-store" } });
}
