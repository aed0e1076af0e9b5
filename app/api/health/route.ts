// GET /api/health - 200 once migrations and seeding are done, 503 until then
import { whenBooted } from "@/lib/boot";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const state = await whenBooted(5_000);
  return Response.json({ status: state }, { status: state === "ok" ? 200 : 503, headers: { "cache-control": "no-store" } });
}
