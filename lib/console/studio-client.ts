import "server-only";
import { env, listeningPort } from "@/lib/env";
import type { ErrorBody, Invoice, InvoiceList, InvoiceLog, Me } from "@/lib/console/types";

// The console's one door to the Studio: plain HTTP with the signed-in person's key, so the same
// console works against any spec-conforming Studio (STUDIO_API_URL).

export class StudioApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
}

export function studioBaseUrl(): string {
  return (env.STUDIO_API_URL ?? `http://127.0.0.1:${listeningPort()}`).replace(/\/+$/, "");
}

type Call = { method?: string; path: string; query?: URLSearchParams; body?: unknown; clientId?: boolean };

export type StudioClient = ReturnType<typeof studioClient>;

export function studioClient({ apiKey, clientId }: { apiKey: string; clientId: string | null }) {
  async function call<T>({ method = "GET", path, query, body, clientId: sendClientId }: Call): Promise<T> {
    const headers: Record<string, string> = { "X-STUDIO-API-KEY": apiKey, Accept: "application/json" };
    if (sendClientId && clientId) headers["X-Client-ID"] = clientId;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const url = `${studioBaseUrl()}/v1/studio/api${path}${query && query.size ? `?${query}` : ""}`;
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store" });
    } catch {
      throw new StudioApiError(502, { code: 50200, message: "The Studio API could not be reached" });
    }
    const parsed = (await response.json().catch(() => null)) as (ErrorBody & Record<string, unknown>) | null;
    if (!response.ok || !parsed || parsed.code !== 0) {
      throw new StudioApiError(response.ok ? 502 : response.status, {
        code: parsed?.code ?? 50200,
        message: parsed?.message ?? `The Studio API answered ${response.status}`,
        ...(parsed?.errors ? { errors: parsed.errors } : {}),
        ...(parsed?.request_id ? { request_id: parsed.request_id } : {}),
      });
    }
    return parsed as T;
  }
  const id = (value: string) => encodeURIComponent(value);
  const data = <T>(promise: Promise<{ data: T }>) => promise.then((envelope) => envelope.data);

  return {
    me: () => data<Me>(call({ path: "/me" })),
    listInvoices: (query: URLSearchParams) =>
      call<InvoiceList & { code: 0 }>({ path: "/invoice/intents", query }).then(({ data, paging, counts }) => ({
        data,
        paging,
        counts,
      })),
    getInvoice: (invoiceId: string) => data<Invoice>(call({ path: `/invoice/intent/${id(invoiceId)}` })),
    invoiceLogs: (invoiceId: string) => data<InvoiceLog[]>(call({ path: `/invoice/intent/${id(invoiceId)}/logs` })),
    createInvoice: (body: unknown) => data<Invoice>(call({ method: "POST", path: "/invoice/intent", body, clientId: true })),
    updateInvoice: (invoiceId: string, body: unknown) =>
      data<Invoice>(call({ method: "PUT", path: `/invoice/intent/${id(invoiceId)}`, body })),
    invoiceAction: (invoiceId: string, action: InvoiceActionName, body: unknown) =>
      data<unknown>(call({ method: "POST", path: `/invoice/intent/${id(invoiceId)}/${action}`, body: body ?? {} })),
    sandboxPayPaymentIntent: (paymentIntentId: string, body: { amount: string; payer_address?: string }) =>
      data<unknown>(call({ method: "POST", path: `/sandbox/payment_intent/${id(paymentIntentId)}/pay`, body })),
  };
}

export const INVOICE_ACTIONS = ["approve", "reject", "cancel", "sign", "refund"] as const;
export type InvoiceActionName = (typeof INVOICE_ACTIONS)[number];
