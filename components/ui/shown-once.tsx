import { ConsoleCopyButton } from "@/components/payments/console-copy-button";

/**
 * A secret the Studio shows once (a new API key, an endpoint's signing secret, a first password):
 * the value with a copy button, then a warning, announced, that it will not be shown again and
 * what it lets its holder do.
 */
export function ShownOnce({
  value,
  copyLabel,
  testId,
  warning,
  large = false,
}: {
  value: string;
  copyLabel: string;
  testId: string;
  warning: React.ReactNode;
  /** A value a person reads out or types (a password) rather than pastes. */
  large?: boolean;
}) {
  return (
    <>
      <div className="flex items-center gap-2 rounded-md border border-slate-300 bg-slate-50 px-3 py-2">
        <code className={`min-w-0 flex-1 break-all font-mono ${large ? "text-base" : "text-sm"}`} data-testid={testId}>
          {value}
        </code>
        <ConsoleCopyButton text={value} label={copyLabel} />
      </div>
      <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {warning}
      </p>
    </>
  );
}
