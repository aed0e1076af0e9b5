"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";

/**
 * Copies `text`; `label` names the button for assistive technology. "Copy" / "Copied" unless told
 * otherwise: the console's pages use ConsoleCopyButton (the person's language), the payment page
 * gives its own words in the payer's language and a larger target.
 */
export function CopyButton({
  text,
  label,
  idleText = "Copy",
  copiedText = "Copied",
  className = "px-2 py-1 text-xs",
}: {
  text: string;
  label: string;
  idleText?: string;
  copiedText?: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  // The name follows what the button shows (WCAG 2.5.3, label in name): "Copied" is not part of
  // "Copy address". The status region says it once to screen readers.
  return (
    <>
      <button
        type="button"
        className={`${buttonClass.secondary} ${className}`}
        aria-label={copied ? copiedText : label}
        onClick={async () => {
          await navigator.clipboard?.writeText(text).catch(() => undefined);
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        }}
      >
        {copied ? copiedText : idleText}
      </button>
      <span role="status" className="sr-only">
        {copied ? copiedText : ""}
      </span>
    </>
  );
}
