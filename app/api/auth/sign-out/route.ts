// POST /api/auth/sign-out - end the session and clear its cookie
import { NextResponse } from "next/server";
import { errorJson, sameOrigin } from "@/lib/console/route";
import { clearSessionCookie, sessionTokenOf } from "@/lib/console/session-cookie";
import { destroySession, resolveSession } from "@/lib/console/sessions";

export async function POST(request: Request): Promise<Response> {
  if (!sameOrigin(request)) return errorJson(403, { code: 40300, message: "Cross-origin request refused" });
  const token = await sessionTokenOf(request);
  const session = await resolveSession(token);
  if (!session) return errorJson(401, { code: 40100, message: "Sign in to continue" });
  await destroySession(token);
  const response = NextResponse.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  clearSessionCookie(response, request);
  return response;
}
