"use client";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef } from "react";
import { inputClass, labelClass } from "@/components/ui/button";
import { apiFetch, ApiError } from "@/lib/console/api";
import { STEP_UP_MAX_AGE_MS } from "@/lib/console/step-up";
import { DialogActions } from "@/components/ui/dialog-actions";

/**
 * Shown in place of an action's confirmation when the console answered STEP_UP_REQUIRED: the
 * person's password, checked by POST /api/auth/step-up; once right, `onConfirmed` sends the
 * same action again (with its same Idempotency-Key, so it still acts once).
 */
export function StepUpForm({ onConfirmed, onBack }: { onConfirmed: () => void; onBack: () => void }) {
  const t = useTranslations("ui");
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const input = useRef<HTMLInputElement>(null);
  // Focus moves to the field as it appears, so the person can type at once (and a screen reader says why).
  useEffect(() => input.current?.focus(), []);
  const stepUp = useMutation({
    mutationFn: (password: string) => apiFetch<{ ok: true; step_up_until: string }>("/api/auth/step-up", { method: "POST", body: { password } }),
    onSuccess: () => onConfirmed(),
    onError: () => input.current?.focus(),
  });
  const error = stepUp.error
    ? stepUp.error instanceof ApiError
      ? (stepUp.error.body.errors?.find((issue) => issue.field === "password")?.message ?? stepUp.error.message)
      : t("requestFailed")
    : null;
  return (
    <form
      className="space-y-4"
      aria-label={t("stepUp.label")}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (stepUp.isPending) return;
        stepUp.mutate(String(new FormData(event.currentTarget).get("password") ?? ""));
      }}
    >
      <p className="text-sm text-slate-700" id={`${fieldId}-why`}>
        {t("stepUp.why", { minutes: STEP_UP_MAX_AGE_MS / 60_000 })}
      </p>
      <div>
        <label htmlFor={fieldId} className={labelClass}>
          {t("stepUp.password")}
        </label>
        <input
          ref={input}
          id={fieldId}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${fieldId}-why` : `${fieldId}-why`}
        />
        {error ? (
          <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <DialogActions onLeave={onBack} busy={stepUp.isPending} confirm={stepUp.isPending ? t("stepUp.checking") : t("stepUp.confirm")} />
    </form>
  );
}
