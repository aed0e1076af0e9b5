// POST /api/auth/step-up - the signed-in person proves their password again, so that for the next
// STEP_UP_MAX_AGE_MS this session may sign, refund and withdraw (lib/console/step-up.ts). Throttled
// like a sign-in; a wrong password changes nothing.
import { z } from "zod";
import { KiB } from "@/lib/http/read-capped";
import { checkOwnPassword } from "@/lib/console/own-password";
import { MAX_PASSWORD_LENGTH } from "@/lib/console/password-rule";
import { consoleRoute, errorJson, readJson } from "@/lib/console/route";
import { recordPasswordCheck } from "@/lib/console/sessions";
import { STEP_UP_MAX_AGE_MS } from "@/lib/console/step-up";

const MAX_BODY_BYTES = 8 * KiB;
const stepUpSchema = z.object({ password: z.string().min(1).max(MAX_PASSWORD_LENGTH) });

const passwordError = (message: string) => errorJson(400, { code: 40000, message, errors: [{ field: "password", message }] });

export const POST = consoleRoute({ mutating: true }, async ({ request, ctx }) => {
  const parsed = stepUpSchema.safeParse(await readJson(request, MAX_BODY_BYTES));
  if (!parsed.success) return passwordError("Enter your password");
  const check = await checkOwnPassword(request, ctx.session.account, parsed.data.password);
  if (check.outcome === "throttled") return check.response;
  if (check.outcome === "wrong") return passwordError("The password is wrong");
  const now = new Date();
  await recordPasswordCheck(ctx.session.tokenHash, now);
  await check.succeeded();
  return { ok: true, step_up_until: new Date(now.getTime() + STEP_UP_MAX_AGE_MS).toISOString() };
});
