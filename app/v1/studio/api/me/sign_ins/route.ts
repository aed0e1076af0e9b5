// POST /v1/studio/api/me/sign_ins - the console's server records a sign-in (or a failed one) of the key's own user (extension);
// no other caller may, whatever its key (consoleOnly)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { signInSchema } from "@/lib/studio/orgs/team-schemas";
import { recordSignIn } from "@/lib/studio/audit/sign-ins";

export const POST = studioRoute({ permission: null, body: signInSchema, consoleOnly: true }, async ({ principal, body }) => ({
  data: await recordSignIn({ principal, request: body }),
}));

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused("POST");
