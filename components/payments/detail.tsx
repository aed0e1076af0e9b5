// The frame every record page shares: loading and error states, the heading with its status, sections and rows.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Amount } from "@/components/payments/amount";
import { StatusBadge } from "@/components/payments/status-badge";

export const backLinkClass = "text-sm text-indigo-800 underline-offset-2 hover:underline";

export function DetailLoading({ label }: { label: string }) {
  return (
    <div aria-busy="true" aria-label={label} className="space-y-3">
      <div className="h-8 w-64 animate-pulse rounded bg-slate-200" />
      <div className="h-40 animate-pulse rounded bg-slate-200" />
      <div className="h-40 animate-pulse rounded bg-slate-200" />
    </div>
  );
}

export function ErrorNote({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {children}
    </p>
  );
}

export function DetailError({ title, message, backHref, backLabel }: { title: string; message: string; backHref: string; backLabel: string }) {
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <ErrorNote>{message}</ErrorNote>
      <Link href={backHref} className="text-indigo-800 underline">
        {backLabel}
      </Link>
    </div>
  );
}

export function DetailHeader({
  backHref,
  backLabel,
  title,
  status,
  statusTestId,
  children,
}: {
  backHref: string;
  backLabel: string;
  title: string;
  status: string;
  statusTestId: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <Link href={backHref} className={backLinkClass}>
        ← {backLabel}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <StatusBadge status={status} testId={statusTestId} />
      </div>
      <p className="mt-1 text-sm text-slate-700">{children}</p>
    </div>
  );
}

/** A white card with a heading; `aside` cards size to their content. */
export function Section({ id, title, aside, children }: { id: string; title: string; aside?: boolean; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className={`rounded-lg border border-slate-200 bg-white p-4 ${aside ? "h-fit space-y-4" : ""}`}>
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Fields({ children }: { children: React.ReactNode }) {
  return <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">{children}</dl>;
}

export function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

/** An id or address: monospace, and free to break anywhere (it is one long token by nature). */
export function Code({ children, testId }: { children: React.ReactNode; testId?: string }) {
  return (
    <span className="break-all font-mono text-xs" data-testid={testId}>
      {children}
    </span>
  );
}

/** A label / value row; the value moves under its label rather than breaking when the row is narrow. */
export function Total({ label, children, strong, testKey = label }: { label: string; children: React.ReactNode; strong?: boolean; testKey?: string }) {
  return (
    <div className={`flex flex-wrap justify-between gap-x-4 ${strong ? "font-semibold text-slate-900" : "text-slate-800"}`}>
      <dt>{label}</dt>
      <dd className="ml-auto text-right tabular-nums" data-testid={`total-${testKey.toLowerCase().replace(/\s+/g, "-")}`}>
        {children}
      </dd>
    </div>
  );
}

/**
 * Two columns on wide screens (the record's sections, the payment panel on the right); one on
 * phones, where the panel follows the primary sections instead of trailing after the timeline.
 */
export function DetailColumns({ primary, aside, secondary }: { primary: React.ReactNode; aside: React.ReactNode; secondary: React.ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
      <div className="space-y-6 lg:col-span-2">{primary}</div>
      <div className="lg:col-start-3 lg:row-span-2 lg:row-start-1">{aside}</div>
      <div className="space-y-6 lg:col-span-2">{secondary}</div>
    </div>
  );
}

/** Who the invoice or payout is for. */
export function RecipientFields({ record }: { record: { recipient_name: string; recipient_email: string; organization_name: string; organization_email: string } }) {
  const t = useTranslations("detail");
  return (
    <>
      <Field label={t("recipient")}>{record.recipient_name}</Field>
      <Field label={t("recipientEmail")}>{record.recipient_email}</Field>
      <Field label={t("organization")}>{record.organization_name}</Field>
      <Field label={t("organizationEmail")}>{record.organization_email}</Field>
    </>
  );
}

/** The record's own id and its payment intent's id. */
export function IdFields({ title, id, paymentIntentId }: { title: string; id: string; paymentIntentId: string }) {
  const t = useTranslations("detail");
  return (
    <>
      <Field label={t("intentId", { title })}>
        <Code>{id}</Code>
      </Field>
      <Field label={t("paymentIntentId")}>
        <Code>{paymentIntentId}</Code>
      </Field>
    </>
  );
}

/** Amount rows in one unit: `[label, value, strong?]`. */
export function AmountRows({ unit, rows, className = "" }: { unit: string; rows: Array<[label: string, value: string, strong?: boolean, testKey?: string]>; className?: string }) {
  return (
    <dl className={`mt-3 w-full space-y-1 text-sm ${className}`}>
      {rows.map(([label, value, strong, testKey]) => (
        <Total key={label} label={label} strong={strong} testKey={testKey}>
          <Amount value={value} unit={unit} />
        </Total>
      ))}
    </dl>
  );
}
