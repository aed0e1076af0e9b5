"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { safeNextPath } from "@/lib/console/safe-next";

export function SignInForm() {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const t = useTranslations("signIn");
  return (
    <form
      className="mt-5 space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        setPending(true);
        setError(null);
        const response = await fetch("/api/auth/sign-in", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: form.get("email"), password: form.get("password") }),
        }).catch(() => null);
        if (response?.ok) {
          const next = safeNextPath(new URLSearchParams(window.location.search).get("next"));
          const { must_change_password: mustChange } = ((await response.json().catch(() => null)) ?? {}) as { must_change_password?: boolean };
          window.location.assign(mustChange ? `/change-password?${new URLSearchParams({ next })}` : next);
          return;
        }
        const body = (await response?.json().catch(() => null)) as { message?: string } | null;
        setError(body?.message ?? t("failed"));
        setPending(false);
      }}
    >
      <div>
        <label htmlFor="email" className={labelClass}>
          {t("email")}
        </label>
        <input id="email" name="email" type="email" autoComplete="username" required className={inputClass} />
      </div>
      <div>
        <label htmlFor="password" className={labelClass}>
          {t("password")}
        </label>
        <input id="password" name="password" type="password" autoComplete="current-password" required className={inputClass} />
      </div>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <button type="submit" className={`${buttonClass.primary} w-full`} disabled={pending}>
        {pending ? t("pending") : t("submit")}
      </button>
    </form>
  );
}
