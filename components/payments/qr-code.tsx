"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";

/** The QR code of a payment address; the encoder loads only when a detail page needs it. */
export function QrCode({ text }: { text: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  const t = useTranslations("record");
  useEffect(() => {
    let live = true;
    void import("qrcode").then(({ toString }) =>
      toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" }).then((markup) => live && setSvg(markup)),
    );
    return () => {
      live = false;
    };
  }, [text]);
  // Literal white, not the theme's bg-white: a scanner wants dark modules on a light quiet zone.
  return (
    <div
      role="img"
      aria-label={t("qr", { text })}
      className="h-36 w-36 shrink-0 rounded border border-slate-200 bg-[white] p-1 [&>svg]:h-full [&>svg]:w-full"
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}
