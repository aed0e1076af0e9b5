// POST /api/auth/sign-in - check email and password, start a new session (throttled per client
// address, globally, and per account with a delay a known address passes: lib/console/sign-in-throttle.ts)
import { cookies } from "next/headers";
import { NextResponse } from "next/server";
import { z } from "zod";
import { BodyTooLargeError, KiB } from "@/lib/http/read-capped";
import {
  accountApiKey,
  claimFirstPassword,
  findAccountByEmail,
  mustChangePassword,
  releaseFirstPassword,
  isKnownAddress,
  normalizeEmail,
  rememberAddress,
  updatePasswordHash,
} from "@/lib/console/accounts";
import { clientAddress } from "@/lib/http/client-address";
import { hashPassword, needsRehash, verifyAgainstNothing, verifyPassword } from "@/lib/console/passwords";
import { MAX_PASSWORD_LENGTH } from "@/lib/console/password-rule";
import { errorJson, readJson, sameOrigin, tooLargeJson } from "@/lib/console/route";
import { secureForRequest, setSessionCookie } from "@/lib/console/session-cookie";
import { sessionCookieName } from "@/lib/console/session-policy";
import { createSession, destroySession } from "@/lib/console/sessions";
import { reserveSignIn } from "@/lib/console/sign-in-throttle";
import { recordSignIn } from "@/lib/console/sign-in-audit";
import { StudioApiError } from "@/lib/console/studio-client";
import { log } from "@/lib/observability/log";

// An email and a password fit in well under a kilobyte; anyone may call this before signing in.
const MAX_SIGN_IN_BYTES = 8 * KiB;

const noNul = (value: string) => !value.includes("\u0000");
const signInSchema = z.object({
  email: z.string().trim().min(1).max(254).refine(noNul),
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH).refine(noNul),
});

export async function POST(request: Request): Promise<Response> {
  if (!sameOrigin(request)) return errorJson(403, { code: 40300, message: "Cross-origin request refused" });
  let body: unknown;
  try {
    body = await readJson(request, MAX_SIGN_IN_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return tooLargeJson(error);
    body = undefined;
  }
  const parsed = signInSchema.safeParse(body);
  if (!parsed.success) return errorJson(400, { code: 40000, message: "Enter your email and password" });
  const email = normalizeEmail(parsed.data.email);
  const address = clientAddress(request.headers);
  const account = await findAccountByEmail(email);
  // Asked for an unknown e-mail too (no account has id 0): every attempt takes the same steps.
  const knownAddress = await isKnownAddress(account?.id ?? 0, address);
  // Counted before the password is checked, so parallel attempts cannot all get through.
  const reservation = await reserveSignIn(email, address, knownAddress);
  const tooMany = (wait: number) =>
    errorJson(429, { code: 42900, message: `Too many sign-in attempts. Try again in ${Math.ceil(wait / 60)} min.` }, { "Retry-After": String(wait) });
  if (!reservation.ok && !reservation.passesWithRightPassword) return tooMany(reservation.retryAfter);
  const ok = account ? await verifyPassword(parsed.data.password, account.passwordHash) : await verifyAgainstNothing(parsed.data.password);
  if (account && !ok) await recordSignIn(request, account, "failed").catch(() => undefined);
  // The account's delay, passed from an address it knows only with the right password.
  if (!reservation.ok && !(account && ok)) return tooMany(reservation.retryAfter);
  if (!account || !ok) return errorJson(401, { code: 40100, message: "Email or password is wrong" });
  // An invite's first password starts one session, within 72 hours, and that session may only
  // choose a new password. Said only to whoever knows the password.
  const firstPassword = mustChangePassword(account);
  const claimedAt = new Date();
  if (firstPassword) {
    const claim = await claimFirstPassword(account, claimedAt);
    if (claim !== "claimed") {
      return errorJson(401, {
        code: 40100,
        message:
          claim === "used"
            ? "This first password has already been used to sign in once. Ask an administrator of your organization."
            : "This first password has expired (an invite's first password works for 72 hours). Ask an administrator of your organization.",
      });
    }
  }
  // The Studio's audit log holds every console sign-in: one that cannot be recorded does not
  // happen. A 401 here is the person's own key refused: disabled, or the key revoked.
  try {
    await recordSignIn(request, account, "succeeded");
  } catch (error) {
    if (firstPassword) await releaseFirstPassword(account.id, claimedAt);
    if (error instanceof StudioApiError && error.status === 401) {
      return errorJson(401, { code: 40100, message: "This account can no longer sign in. Ask an administrator of your organization." });
    }
    log.error({ err: error }, "recording a sign-in failed");
    return errorJson(503, { code: 50300, message: "The sign-in could not be recorded. Try again in a moment." });
  }
  await reservation.succeeded();
  await rememberAddress(account.id, address);
  if (needsRehash(account.passwordHash)) {
    await updatePasswordHash(account.id, await hashPassword(parsed.data.password)).catch((error) =>
      log.error({ err: error }, "password re-hash failed"),
    );
  }
  const jar = await cookies();
  // Rotation: whatever session this browser had is ended, and a fresh token is issued.
  await destroySession(jar.get(sessionCookieName(secureForRequest(request)))?.value);
  const token = await createSession(account.id);
  const response = NextResponse.json({ ok: true, must_change_password: firstPassword }, { headers: { "Cache-Control": "no-store" } });
  setSessionCookie(response, request, token);
  return response;
}

