import { useFormat } from "@/lib/console/i18n/use-format";
import { shortAmount } from "@/lib/console/format";

/**
 * An amount and its unit that never breaks inside the number: a line may wrap only between the
 * number and the unit. With `maxLength` (narrow columns) a longer fraction is cut, and the full
 * value shows on hover and keyboard focus and is what screen readers hear. Digits are grouped as
 * the person's language writes them (lib/console/i18n/format.ts), never rounded.
 */
export function Amount({ value, unit, maxLength }: { value: string; unit?: string | null; maxLength?: number }) {
  const format = useFormat();
  const short = maxLength === undefined ? { text: value, cut: false } : shortAmount(value, maxLength);
  const full = format.amount(value);
  const shown = short.cut ? `${format.amount(short.text.slice(0, -1))}…` : full;
  return (
    <>
      {short.cut ? (
        <span tabIndex={0} title={full} className="group relative whitespace-nowrap underline decoration-dotted underline-offset-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600">
          <span aria-hidden="true">{shown}</span>
          <span className="sr-only">{full}</span>
          <span
            aria-hidden="true"
            className="pointer-events-none invisible absolute right-0 top-full z-20 mt-1 rounded bg-slate-900 px-2 py-1 text-xs font-normal text-white shadow group-hover:visible group-focus:visible"
          >
            {full}
          </span>
        </span>
      ) : (
        <span className="whitespace-nowrap">{shown}</span>
      )}
      {unit ? (
        <>
          {" "}
          <span className="whitespace-nowrap">{unit}</span>
        </>
      ) : null}
    </>
  );
}

/**
 * A fiat amount in its currency: "1234.50 TWD" in English (as the console always wrote it), as the
 * person's locale writes money elsewhere (zh-TW: "$1,234.50" for TWD, "US$1,234.50" for USD).
 */
export function Money({ value, currency }: { value: string; currency: string }) {
  const format = useFormat();
  const text = format.money(value, currency);
  if (text === `${value} ${currency}`) return <Amount value={value} unit={currency} />;
  return <span className="whitespace-nowrap">{text}</span>;
}

/** A calendar day as the person's language writes it ("2026-12-10", "2026/12/10"). */
export function Day({ value }: { value: string | null | undefined }) {
  return <>{useFormat().date(value)}</>;
}

/** A moment in the person's time zone and language ("2026-11-26 18:30 UTC"). */
export function DateTime({ value }: { value: string | number | null | undefined }) {
  return <>{useFormat().dateTime(value)}</>;
}
