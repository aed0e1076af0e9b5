// GET /pay/{token}/status: the payment page's live status (public; no ids, no internal fields).
import { clientAddress } from "@/lib/http/client-address";
import { readPayStatus } from "@/lib/studio/pay/pay-page";
import { takePayRequest, takeUnknownPayToken } from "@/lib/studio/pay/rate-limit";

export const dynamic = "force-dynamic";

const NO_STORE = { "cache-control": "no-store", "x-robots-tag": "noindex" };

export async function GET(request: Request, context: { params: Promise<{ token: string }> }) {
  const { token } = await context.params;
  const client = clientAddress(request.headers);
  const refused = await takePayRequest(client, token);
  if (refused) return tooMany(refused.retryAfterSeconds);
  const status = await readPayStatus(token);
  if (!status) {
    const unknown = await takeUnknownPayToken(client);
    if (unknown) return tooMany(unknown.retryAfterSeconds);
    return Response.json({ error: "not_found", message: "No payment request at this address" }, { status: 404, headers: NO_STORE });
  }
  return Response.json(status, { headers: NO_STORE });
}

function tooMany(retryAfterSeconds: number) {
  return Response.json(
    { error: "rate_limited", message: `Too many requests; retry after ${retryAfterSeconds} s` },
    { status: 429, headers: { ...NO_STORE, "retry-after": String(retryAfterSeconds) } },
  );
}
