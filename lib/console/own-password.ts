import "server-only";
import { isKnownAddress, type ConsoleAccount } from "@/lib/console/accounts";
import { verifyPassword } from "@/lib/console/passwords";
import { errorJson } from "@/lib/console/route";
import { reserveSignIn } from "@/lib/console/sign-in-throttle";
import { clientAddress } from "@/lib/http/client-address";

export type OwnPasswordCheck =
  | { outcome: "right"; succeeded: () => Promise<void> }
  | { outcome: "wrong" }
  | { outcome: "throttled"; response: Response };

/**
 * A signed-in person proves their password again (changing it, stepping up before money moves):
 * whoever holds a session may not guess it faster than at the sign-in page, so each check is
 * counted by the sign-in limits first. `succeeded` clears the account's count once the proof is used.
 */
export async function checkOwnPassword(request: Request, account: ConsoleAccount, password: string): Promise<OwnPasswordCheck> {
  const address = clientAddress(request.headers);
  const reservation = await reserveSignIn(account.email, address, await isKnownAddress(account.id, address));
  const right = await verifyPassword(password, account.passwordHash);
  if (!reservation.ok && !(reservation.passesWithRightPassword && right)) {
    return {
      outcome: "throttled",
      response: errorJson(429, { code: 42900, message: `Too many attempts. Try again in ${Math.ceil(reservation.retryAfter / 60)} min.` }, { "Retry-After": String(reservation.retryAfter) }),
    };
  }
  if (!right) return { outcome: "wrong" };
  // Right: either within the limits, or past only the account's delay from an address it knows.
  return { outcome: "right", succeeded: "succeeded" in reservation ? reservation.succeeded : async () => undefined };
}
