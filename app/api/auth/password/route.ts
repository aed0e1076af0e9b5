// POST /api/auth/password - the signed-in person changes their own password (the current one
// checked, throttled like a sign-in); every other session of theirs ends. The only console route a
// session started with an invite's first password may call.
import { NextResponse } from "next/server";
import { z } from "zod";
import { BodyTooLargeError, KiB } from "@/lib/http/read-capped";
import { replacePassword } from "@/lib/console/accounts";
import { contextForToken } from "@/lib/console/context";
import { checkOwnPassword } from "@/lib/console/own-password";
import { hashPassword } from "@/lib/console/passwords";
import { MAX_PASSWORD_LENGTH, newPasswordProblem } from "@/lib/console/password-rule";
import { errorJson, readJson, sameOrigin, tooLargeJson } from "@/lib/console/route";
import { sessionTokenOf } from "@/lib/console/session-cookie";
import { recordPasswordCheck } from "@/lib/console/sessions";
import { recordSignIn } from "@/lib/console/sign-in-audit";
import { StudioApiError } from "@/lib/console/studio-client";
import { log } from "@/lib/observability/log";

const MAX_BODY_BYTES = 8 * KiB;

const changeSchema = z.object({
  current_password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
  new_password: z.string().max(MAX_PASSWORD_LENGTH * 4),
});

const fieldError = (field: string, message: string) => errorJson(400, { code: 40000, message, errors: [{ field, message }] });

export async function POST(request: Request): Promise<Response> {
  if (!sameOrigin(request)) return errorJson(403, { code: 40300, message: "Cross-origin request refused" });
  const ctx = await contextForToken(await sessionTokenOf(request), { firstPassword: "allow" });
  if (!ctx) return errorJson(401, { code: 40100, message: "Sign in to continue" });
  let body: unknown;
  try {
    body = await readJson(request, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return tooLargeJson(error);
    body = undefined;
  }
  const parsed = changeSchema.safeParse(body);
  if (!parsed.success) return errorJson(400, { code: 40000, message: "Enter your current password and a new one" });
  const { account } = ctx.session;
  const problem = newPasswordProblem(parsed.data.new_password, { email: account.email, current: parsed.data.current_password });
  if (problem) return fieldError("new_password", problem);

  const check = await checkOwnPassword(request, account, parsed.data.current_password);
  if (check.outcome === "throttled") return check.response;
  if (check.outcome === "wrong") return fieldError("current_password", "The current password is wrong");

  // Recorded before it happens, as sign-ins are: a change the audit log cannot hold does not happen.
  try {
    await recordSignIn(request, account, "password_changed");
  } catch (error) {
    if (error instanceof StudioApiError && error.status === 401) {
      return errorJson(401, { code: 40100, message: "This account can no longer sign in. Ask an administrator of your organization." });
    }
    log.error({ err: error }, "recording a password change failed");
    return errorJson(503, { code: 50300, message: "The change could not be recorded. Try again in a moment." });
  }
  const changed = await replacePassword({
    accountId: account.id,
    currentHash: account.passwordHash,
    newHash: await hashPassword(parsed.data.new_password),
    keepSession: ctx.session.tokenHash,
  });
  if (!changed) return errorJson(409, { code: 40900, message: "Your password was changed meanwhile, in another window. Sign in again." });
  await check.succeeded();
  // The change proved the password: as a step-up does, it lets this session move money for a while.
  await recordPasswordCheck(ctx.session.tokenHash);
  return NextResponse.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}
