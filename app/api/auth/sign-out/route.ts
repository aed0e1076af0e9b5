// POST /api/auth/sign-out - end the session and clear its cookie
import { cookies } from "next/headers";
import { NextResponse } from "next/server";
import { forgetMe } from "@/lib/console/context";
import { errorJson, sameOrigin } from "@/lib/console/route";
import { SESSION_COOKIE } from "@/lib/console/session-policy";
import { destroySession, resolveSession } from "@/lib/console/sessions";

export async function POST(request: Request): Promise<Response> {
  if (!sameOrigin(request)) return errorJson(403, { code: 40300, message: "Cross-origin request refused" });
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  const session = await resolveSession(token);
  if (!session) return errorJson(401, { code: 40100, message: "Sign in to continue" });
  forgetMe(session.tokenHash);
  await destroySession(token);
  const response = NextResponse.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  response.cookies.delete(SESSION_COOKIE);
  return response;
}
