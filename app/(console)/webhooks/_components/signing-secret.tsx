"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConsoleCopyButton } from "@/components/payments/console-copy-button";
import { buttonClass } from "@/components/ui/button";
import { apiFetch } from "@/lib/console/api";
import type { WebhookSecret } from "@/lib/console/types";

/**
 * The organization's signing secret, for admins: fetched only when they click Reveal, held in this
 * component's state alone (no query cache), and gone again on Hide or when they leave the page.
 */
export function SigningSecret() {
  const t = useTranslations("webhooks.secret");
  const [secret, setSecret] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reveal = async () => {
    setLoading(true);
    setError(null);
    try {
      setSecret((await apiFetch<{ data: WebhookSecret }>("/api/webhooks/secret")).data.secret);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t("loadFailed"));
    } finally {
      setLoading(false);
    }
  };
  return (
    <section aria-labelledby="secret-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="secret-heading" className="text-base font-semibold text-slate-900">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t.rich("intro", { code: (chunks) => <code className="font-mono text-xs">{chunks}</code> })}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {secret ? (
          <>
            <code className="break-all rounded-md bg-slate-50 px-2 py-1 font-mono text-xs text-slate-900" data-testid="signing-secret">
              {secret}
            </code>
            <ConsoleCopyButton text={secret} label={t("copy")} />
            <button type="button" className={`${buttonClass.secondary} px-2 py-1 text-xs`} onClick={() => setSecret(null)}>
              {t("hide")}
            </button>
          </>
        ) : (
          <button type="button" className={buttonClass.secondary} disabled={loading} onClick={reveal}>
            {loading ? t("revealing") : t("reveal")}
          </button>
        )}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </section>
  );
}
