// The hosted payment page behind kg_deep_link (issue 26). Part of the service's public surface,
// not of the console: no session, reached by an unguessable token, it reads the service directly
// (lib/studio/pay) the way the API's handlers do, and shows only what a payer needs.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { clientAddress } from "@/lib/http/client-address";
import { payLanguage, PAY_LANGUAGES, translator, type PayLanguage } from "@/lib/studio/pay/messages";
import { readPayPage, type PayPage } from "@/lib/studio/pay/pay-page";
import { takePayRequest, takeUnknownPayToken } from "@/lib/studio/pay/rate-limit";
import { CopyButton } from "@/components/payments/copy-button";
import { Countdown, LiveStatus } from "./_components/live-status";
import "../pay.css";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }>; searchParams: Promise<{ lang?: string | string[] }> };

/** The payer's language: the one they picked on the page (`?lang=`), else their browser's. */
function languageOf(query: Awaited<Props["searchParams"]>, requestHeaders: Headers): PayLanguage {
  return payLanguage(typeof query.lang === "string" ? query.lang : undefined, requestHeaders.get("accept-language"));
}

export async function generateMetadata({ searchParams }: Pick<Props, "searchParams">): Promise<Metadata> {
  const [query, requestHeaders] = await Promise.all([searchParams, headers()]);
  // The tab says "Payment" in the payer's language. Not the merchant's name: the metadata is read
  // apart from the page's rate limit, and must tell someone guessing tokens nothing.
  return { title: translator(languageOf(query, requestHeaders))("payment"), robots: { index: false, follow: false } };
}

export default async function PayPageRoute({ params, searchParams }: Props) {
  const [{ token }, query, requestHeaders] = await Promise.all([params, searchParams, headers()]);
  const language = languageOf(query, requestHeaders);
  const t = translator(language);
  const client = clientAddress(requestHeaders);
  if (await takePayRequest(client, token)) return <Notice language={language} text={t("tooMany")} />;
  const page = await readPayPage(token);
  if (!page) {
    if (await takeUnknownPayToken(client)) return <Notice language={language} text={t("tooMany")} />;
    return <Notice language={language} text={t("notFound")} />;
  }
  return <PayView page={page} token={token} language={language} />;
}

function Shell({ language, children }: { language: PayLanguage; children: React.ReactNode }) {
  return (
    <div lang={language} className="mx-auto flex min-h-screen w-full max-w-xl flex-col gap-4 px-4 py-6 sm:py-10">
      {children}
    </div>
  );
}

function Notice({ language, text }: { language: PayLanguage; text: string }) {
  return (
    <Shell language={language}>
      <main className="rounded-lg border border-slate-200 bg-white p-6">
        <h1 className="text-lg font-semibold">{text}</h1>
      </main>
    </Shell>
  );
}

function LanguageSwitch({ language, label }: { language: PayLanguage; label: string }) {
  const names: Record<PayLanguage, string> = { en: "English", "zh-TW": "繁體中文" };
  return (
    <nav aria-label={label} className="flex justify-end gap-3 text-sm">
      {PAY_LANGUAGES.map((option) =>
        option === language ? (
          <span key={option} aria-current="true" className="font-semibold text-slate-900">
            {names[option]}
          </span>
        ) : (
          <a key={option} href={`?lang=${option}`} lang={option} hrefLang={option} className="text-indigo-700 underline underline-offset-2">
            {names[option]}
          </a>
        ),
      )}
    </nav>
  );
}

function PayView({ page, token, language }: { page: PayPage; token: string; language: PayLanguage }) {
  const t = translator(language);
  const locale = language === "zh-TW" ? "zh-TW" : "en";
  const time = (seconds: number) =>
    `${new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(seconds * 1000))} UTC`;
  const merchant = page.merchant.name;
  const heading = page.kind === "payment" ? t("payment") : t(page.kind, { reference: page.reference ?? "" });
  const open = page.state === "awaiting" || (page.state === "underpaid" && !page.deadline_passed);
  const toPay = page.state === "underpaid" ? page.still_due : page.amount;
  const contact = page.merchant.email ? t("contactAt", { merchant, email: page.merchant.email }) : t("contact", { merchant });
  const pdfHref = page.kind === "invoice" ? `/pay/${token}/pdf?lang=${language}` : null;

  return (
    <Shell language={language}>
      <LanguageSwitch language={language} label={t("language")} />
      <header>
        <p className="text-sm text-slate-600">{heading}</p>
        <h1 className="text-2xl font-semibold">{t("title", { merchant })}</h1>
      </header>
      <main className="flex flex-col gap-4">
        <section aria-labelledby="status-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="status-heading" className="sr-only">
            {t("statusLabel")}
          </h2>
          <p role="status" data-testid="pay-state" data-state={page.state} className="text-base font-semibold">
            {stateText(page, t)}
          </p>
          {page.state === "underpaid" && (
            <p className="mt-1 text-sm text-slate-700">{page.deadline_passed ? t("underpaidLate", { merchant }) : t("underpaidHelp")}</p>
          )}
          {(page.state === "expired" || page.state === "cancelled" || page.state === "review" || page.state === "refunded") && (
            <p className="mt-1 text-sm text-slate-700">{contact}</p>
          )}
          <LiveStatus token={token} initial={{ state: page.state, received: page.received, deadline_passed: page.deadline_passed }} note={t("live")} />
        </section>

        {open && (
          <section aria-labelledby="pay-heading" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="pay-heading" className="text-sm font-medium text-slate-600">
              {page.state === "underpaid" ? t("stillDue") : t("amountToPay")}
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-3">
              <span className="text-3xl font-semibold tabular-nums" data-testid="amount-due">
                {toPay} {page.symbol}
              </span>
              <CopyButton text={toPay} label={t("copyAmount")} idleText={t("copyAmount")} copiedText={t("copied")} className="shrink-0 px-3 py-2 text-sm" />
            </p>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-slate-600">{t("token")}</dt>
                <dd className="font-medium">{page.symbol}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("network")}</dt>
                <dd className="font-medium">{page.chain}</dd>
              </div>
            </dl>
            <p className="mt-4 text-sm text-slate-700">{t("sendTo", { symbol: page.symbol, chain: page.chain })}</p>
            <div className="mt-2 flex items-center gap-2">
              <code className="min-w-0 flex-1 break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm" data-testid="pay-address">
                {page.address}
              </code>
              <CopyButton text={page.address} label={t("copy")} idleText={t("copy")} copiedText={t("copied")} className="shrink-0 px-3 py-2 text-sm" />
            </div>
            <div className="mt-4 flex flex-col items-center gap-2">
              {/* A data: URL, which the page's CSP allows for images; the QR is rendered on the server. */}
              <img
                src={page.qr_svg}
                width={220}
                height={220}
                alt={t("qrAlt", { amount: toPay, symbol: page.symbol, address: page.address })}
                className="rounded-md border border-slate-200 bg-white"
                data-testid="pay-qr"
                data-uri={page.wallet_uri}
              />
              {page.wallet_uri !== page.address && (
                <a href={page.wallet_uri} className="text-sm text-indigo-700 underline underline-offset-2">
                  {t("openWallet")}
                </a>
              )}
            </div>
            {page.deadline > 0 && (
              <div className="mt-4 border-t border-slate-200 pt-3">
                <p className="text-sm text-slate-700">{t("deadline", { time: time(page.deadline) })}</p>
                <Countdown deadline={page.deadline} template={t("timeLeft", { left: "{left}" })} />
              </div>
            )}
          </section>
        )}

        {page.state === "paid" && (
          <section aria-labelledby="receipt-heading" className="rounded-lg border border-emerald-200 bg-white p-4" data-testid="receipt">
            <h2 id="receipt-heading" className="text-base font-semibold">
              {t("receipt")}
            </h2>
            <dl className="mt-2 grid gap-2 text-sm">
              <div>
                <dt className="text-slate-600">{t("received")}</dt>
                <dd className="font-medium tabular-nums">
                  {page.received} {page.symbol} · {page.chain}
                </dd>
              </div>
              {page.paid_at !== null && (
                <div>
                  <dt className="text-slate-600">{t("paidOn", { time: "" }).trim()}</dt>
                  <dd className="font-medium">{time(page.paid_at)}</dd>
                </div>
              )}
              {page.payment_tx_hash && (
                <div>
                  <dt className="text-slate-600">{t("transaction")}</dt>
                  <dd className="break-all font-mono text-xs">
                    {page.payment_tx_url ? (
                      <a href={page.payment_tx_url} rel="noreferrer noopener" className="text-indigo-700 underline underline-offset-2">
                        {page.payment_tx_hash}
                      </a>
                    ) : (
                      page.payment_tx_hash
                    )}
                  </dd>
                </div>
              )}
            </dl>
            {pdfHref && (
              <a href={pdfHref} className="mt-3 inline-block text-sm font-medium text-indigo-700 underline underline-offset-2">
                {t("downloadReceipt")}
              </a>
            )}
          </section>
        )}

        {page.invoice && (
          <section aria-labelledby="lines-heading" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="lines-heading" className="text-sm font-medium text-slate-600">
              {heading}
            </h2>
            <table className="mt-2 w-full text-sm">
              <thead>
                <tr className="text-left text-slate-600">
                  <th scope="col" className="py-1 font-medium">
                    {t("item")}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t("quantity")}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t("unitPrice")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.invoice.lines.map((line, index) => (
                  <tr key={index} className="border-t border-slate-100">
                    <td className="py-1 pr-2">{line.name}</td>
                    <td className="py-1 text-right tabular-nums">{line.quantity}</td>
                    <td className="py-1 text-right tabular-nums">{line.unit_price}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-slate-200 pt-2 text-sm">
              <dt className="text-slate-600">{t("subtotal")}</dt>
              <dd className="text-right tabular-nums">
                {page.invoice.subtotal} {page.invoice.unit}
              </dd>
              <dt className="text-slate-600">{t("tax")}</dt>
              <dd className="text-right tabular-nums">
                {page.invoice.tax} {page.invoice.unit}
              </dd>
              <dt className="font-semibold">{t("total")}</dt>
              <dd className="text-right font-semibold tabular-nums" data-testid="invoice-total">
                {page.invoice.total} {page.invoice.unit}
              </dd>
            </dl>
            {pdfHref && page.state !== "paid" && (
              <a href={pdfHref} className="mt-3 inline-block text-sm font-medium text-indigo-700 underline underline-offset-2">
                {t("downloadPdf")}
              </a>
            )}
          </section>
        )}
      </main>
      <footer className="text-sm text-slate-600">{contact}</footer>
    </Shell>
  );
}

function stateText(page: PayPage, t: ReturnType<typeof translator>): string {
  switch (page.state) {
    case "awaiting":
      return t("awaiting");
    case "underpaid":
      return t("underpaid", { due: page.still_due, symbol: page.symbol });
    case "paid":
      return t("paid");
    case "review":
      return t("review", { merchant: page.merchant.name });
    case "expired":
      return t("expired");
    case "cancelled":
      return t("cancelled");
    case "refunded":
      return t("refunded");
  }
}
