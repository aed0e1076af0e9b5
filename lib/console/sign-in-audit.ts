import "server-only";
import { accountApiKey, type ConsoleAccount } from "@/lib/console/accounts";
import { clientAddress, DIRECT } from "@/lib/http/client-address";
import { studioClient } from "@/lib/console/studio-client";
import type { SignInRequest } from "@/lib/console/types";

/** POST /me/sign_ins with the person's own key: what happened to their sign-in, from where. */
export function recordSignIn(request: Request, account: ConsoleAccount, outcome: SignInRequest["outcome"]) {
  const userAgent = request.headers.get("user-agent")?.slice(0, 500);
  const address = clientAddress(request.headers);
  return studioClient({ apiKey: accountApiKey(account), clientId: account.clientId }).recordSignIn({
    outcome,
    ...(address === DIRECT ? {} : { ip: address }),
    ...(userAgent ? { user_agent: userAgent } : {}),
  });
}
