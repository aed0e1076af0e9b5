// POST /api/auth/sign-in - check email and password, start a new session (throttled per account and per IP)
import { cookies } from "next/headers";
import { NextResponse } from "next/server";
import { z } from "zod";
import { findAccountByEmail, normalizeEmail } from "@/lib/console/accounts";
import { contextForToken } from "@/lib/console/context";
import { verifyAgainstNothing, verifyPassword } from "@/lib/console/passwords";
import { errorJson, readJson, sameOrigin } from "@/lib/console/route";
import { ABSOLUTE_MS, SESSION_COOKIE } from "@/lib/console/session-policy";
import { createSession, destroySession } from "@/lib/console/sessions";
import { signInThrottles } from "@/lib/console/sign-in-throttle";

const signInSchema = z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(1000) });

export async function POST(request: Request): Promise<Response> {
  if (!sameOrigin(request)) return errorJson(403, { code: 40300, message: "Cross-origin request refused" });
  const parsed = signInSchema.safeParse(await readJson(request).catch(() => undefined));
  if (!parsed.success) return errorJson(400, { code: 40000, message: "Enter your email and password" });
  const email = normalizeEmail(parsed.data.email);
  const ip = clientIp(request);
  const wait = Math.max(signInThrottles.account.retryAfter(email), signInThrottles.ip.retryAfter(ip));
  if (wait > 0) {
    return errorJson(429, { code: 42900, message: `Too many failed sign-ins. Try again in ${Math.ceil(wait / 60)} min.` }, { "Retry-After": String(wait) });
  }
  const account = await findAccountByEmail(email);
  const ok = account ? await verifyPassword(parsed.data.password, account.passwordHash) : await verifyAgainstNothing(parsed.data.password);
  if (!account || !ok) {
    signInThrottles.account.fail(email);
    signInThrottles.ip.fail(ip);
    return errorJson(401, { code: 40100, message: "Email or password is wrong" });
  }
  signInThrottles.account.reset(email);
  const jar = await cookies();
  // Rotation: whatever session this browser had is ended, and a fresh token is issued.
  await destroySession(jar.get(SESSION_COOKIE)?.value);
  const token = await createSession(account.id);
  await (await contextForToken(token))?.me().catch(() => undefined);
  const response = NextResponse.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  response.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(request),
    path: "/",
    maxAge: ABSOLUTE_MS / 1000,
  });
  return response;
}

// The last X-Forwarded-For hop is the one our own proxy (or Next.js, from the socket) wrote;
// earlier hops are whatever the client claimed.
function clientIp(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim() || "unknown";
}

function isHttps(request: Request): boolean {
  return (request.headers.get("x-forwarded-proto") ?? new URL(request.url).protocol.replace(":", "")) === "https";
}
