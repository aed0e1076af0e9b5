"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/console/password-rule";

type Field = "current_password" | "new_password" | "repeat_password";

/**
 * Current password, new password twice. The rule is the server's (lib/console/password-rule.ts);
 * its message comes back beside the field it is about. `onChanged` runs once the server agreed.
 */
export function ChangePasswordForm({ currentLabel, onChanged }: { currentLabel?: string; onChanged: () => void }) {
  const t = useTranslations("password");
  const [errors, setErrors] = useState<Partial<Record<Field | "form", string>>>({});
  const [pending, setPending] = useState(false);
  const describe = (field: Field) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {});
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${field}-error`} className="mt-1 text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;
  return (
    <form
      className="mt-5 max-w-sm space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const current = String(form.get("current_password") ?? "");
        const next = String(form.get("new_password") ?? "");
        if (next !== String(form.get("repeat_password") ?? "")) {
          setErrors({ repeat_password: t("differ") });
          return;
        }
        setPending(true);
        setErrors({});
        const response = await fetch("/api/auth/password", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ current_password: current, new_password: next }),
        }).catch(() => null);
        if (response?.ok) {
          onChanged();
          return;
        }
        const body = (await response?.json().catch(() => null)) as { message?: string; errors?: { field: string; message: string }[] } | null;
        const field = body?.errors?.[0]?.field;
        setErrors(
          field === "current_password" || field === "new_password"
            ? { [field]: body?.errors?.[0]?.message }
            : { form: body?.message ?? t("failed") },
        );
        setPending(false);
      }}
    >
      <div>
        <label htmlFor="current_password" className={labelClass}>
          {currentLabel ?? t("current")}
        </label>
        <input id="current_password" name="current_password" type="password" autoComplete="current-password" required className={inputClass} {...describe("current_password")} />
        {fieldError("current_password")}
      </div>
      <div>
        <label htmlFor="new_password" className={labelClass}>
          {t("new")}
        </label>
        <input
          id="new_password"
          name="new_password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          maxLength={MAX_PASSWORD_LENGTH}
          className={inputClass}
          {...describe("new_password")}
        />
        <p className="mt-1 text-xs text-slate-600">{t("rule", { min: MIN_PASSWORD_LENGTH })}</p>
        {fieldError("new_password")}
      </div>
      <div>
        <label htmlFor="repeat_password" className={labelClass}>
          {t("repeat")}
        </label>
        <input id="repeat_password" name="repeat_password" type="password" autoComplete="new-password" required className={inputClass} {...describe("repeat_password")} />
        {fieldError("repeat_password")}
      </div>
      {errors.form ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.form}
        </p>
      ) : null}
      <button type="submit" className={`${buttonClass.primary} w-full`} disabled={pending}>
        {pending ? t("changing") : t("submit")}
      </button>
    </form>
  );
}
