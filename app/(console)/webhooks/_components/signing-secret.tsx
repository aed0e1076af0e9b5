"use client";
import { useState } from "react";
import { CopyButton } from "@/components/payments/copy-button";
import { buttonClass } from "@/components/ui/button";
import { apiFetch } from "@/lib/console/api";
import type { WebhookSecret } from "@/lib/console/types";

/**
 * The organization's signing secret, for admins: fetched only when they click Reveal, held in this
 * component's state alone (no query cache), and gone again on Hide or when they leave the page.
 */
export function SigningSecret() {
  const [secret, setSecret] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reveal = async () => {
    setLoading(true);
    setError(null);
    try {
      setSecret((await apiFetch<{ data: WebhookSecret }>("/api/webhooks/secret")).data.secret);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Could not load the secret");
    } finally {
      setLoading(false);
    }
  };
  return (
    <section aria-labelledby="secret-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="secret-heading" className="text-base font-semibold text-slate-900">
        Signing secret
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Receivers verify each webhook&apos;s <code className="font-mono text-xs">webhook-signature</code> with this secret. Whoever holds it can forge
        webhooks: keep it in your receiver&apos;s secret store only.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {secret ? (
          <>
            <code className="break-all rounded-md bg-slate-50 px-2 py-1 font-mono text-xs text-slate-900" data-testid="signing-secret">
              {secret}
            </code>
            <CopyButton text={secret} label="Copy signing secret" />
            <button type="button" className={`${buttonClass.secondary} px-2 py-1 text-xs`} onClick={() => setSecret(null)}>
              Hide
            </button>
          </>
        ) : (
          <button type="button" className={buttonClass.secondary} disabled={loading} onClick={reveal}>
            {loading ? "Revealing…" : "Reveal signing secret"}
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
