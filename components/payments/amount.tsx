import { shortAmount } from "@/lib/console/format";

/**
 * An amount and its unit that never breaks inside the number: a line may wrap only between the
 * number and the unit. With `maxLength` (narrow columns) a longer fraction is cut, and the full
 * value shows on hover and keyboard focus and is what screen readers hear.
 */
export function Amount({ value, unit, maxLength }: { value: string; unit?: string | null; maxLength?: number }) {
  const short = maxLength === undefined ? { text: value, cut: false } : shortAmount(value, maxLength);
  return (
    <>
      {short.cut ? (
        <span tabIndex={0} title={value} className="group relative whitespace-nowrap underline decoration-dotted underline-offset-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600">
          <span aria-hidden="true">{short.text}</span>
          <span className="sr-only">{value}</span>
          <span
            aria-hidden="true"
            className="pointer-events-none invisible absolute right-0 top-full z-20 mt-1 rounded bg-slate-900 px-2 py-1 text-xs font-normal text-white shadow group-hover:visible group-focus:visible"
          >
            {value}
          </span>
        </span>
      ) : (
        <span className="whitespace-nowrap">{value}</span>
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
