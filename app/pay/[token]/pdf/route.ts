// GET /pay/{token}/pdf: the invoice behind a payment page as a PDF (public, like the page).
import { clientAddress } from "@/lib/http/client-address";
import { attachment } from "@/lib/studio/http/attachment";
import { readPayPagePdf } from "@/lib/studio/pay/pay-page";
import { takePayRequest, takeUnknownPayToken } from "@/lib/studio/pay/rate-limit";

export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ token: string }> }) {
  const { token } = await context.params;
  const client = clientAddress(request.headers);
  const refused = (await takePayRequest(client, token)) ?? undefined;
  if (refused) return new Response("Too many requests", { status: 429, headers: { "retry-after": String(refused.retryAfterSeconds) } });
  const pdf = await readPayPagePdf(token);
  if (!pdf) {
    const unknown = await takeUnknownPayToken(client);
    if (unknown) return new Response("Too many requests", { status: 429, headers: { "retry-after": String(unknown.retryAfterSeconds) } });
    return new Response("No invoice at this address", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  const response = attachment(pdf.bytes, "application/pdf", pdf.filename);
  response.headers.set("x-robots-tag", "noindex");
  return response;
}
