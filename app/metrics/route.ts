// GET /metrics - this server's Prometheus metrics: 404 unless METRICS_TOKEN is set, then bearer-only
import { metricsResponse } from "@/lib/observability/scrape";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  return metricsResponse(request.headers.get("authorization"));
}
