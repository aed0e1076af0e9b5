// GET /api/ready - readiness: 200 when this server can take traffic (started, database answering,
// every migration applied), else 503 naming each check that failed. /api/health stays liveness.
import { readiness } from "@/lib/readiness";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const { ready, checks } = await readiness();
  return Response.json({ status: ready ? "ready" : "not_ready", checks }, { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } });
}
