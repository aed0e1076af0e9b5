// GET /api/ready - readiness: 200 when this server can take traffic (started, database answering,
// every migration applied, even while a chain's node does not answer), else 503. The public answer
// is that alone ({"status":"ready"} or {"status":"not_ready"}): which checks failed, and what a
// chain's node said, are for operators, with `Authorization: Bearer <METRICS_TOKEN>` as /metrics
// asks. /api/health stays liveness.
import { readiness } from "@/lib/readiness";
import { holdsMetricsToken } from "@/lib/observability/scrape";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const { status, checks } = await readiness();
  const body = holdsMetricsToken(request.headers.get("authorization")) ? { status, checks } : { status: status === "not_ready" ? "not_ready" : "ready" };
  return Response.json(body, { status: status === "not_ready" ? 503 : 200, headers: { "cache-control": "no-store" } });
}
