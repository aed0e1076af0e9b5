"use client";
import { useTranslations } from "next-intl";
import { createContext, useCallback, useContext, useState } from "react";

type Toast = { id: number; message: string; kind: "success" | "error" };
const ToastContext = createContext<(message: string, kind?: Toast["kind"]) => void>(() => undefined);

/** How long a success note stays; an error stays until the person dismisses it (they may need time to read or copy it). */
const SUCCESS_MS = 6000;

export function useToast() {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const t = useTranslations("ui");
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const push = useCallback(
    (message: string, kind: Toast["kind"] = "success") => {
      const id = Date.now() + Math.random();
      setToasts((current) => [...current, { id, message, kind }]);
      if (kind === "success") setTimeout(() => dismiss(id), SUCCESS_MS);
    },
    [dismiss],
  );
  return (
    <ToastContext.Provider value={push}>
      {children}
      <div className="fixed bottom-4 right-4 z-50 flex max-w-sm flex-col gap-2">
        <div role="status" aria-live="polite" className="flex flex-col gap-2">
          {toasts
            .filter((toast) => toast.kind === "success")
            .map((toast) => (
              <p key={toast.id} className="rounded-md bg-emerald-800 px-4 py-3 text-sm text-white shadow-lg">
                {toast.message}
              </p>
            ))}
        </div>
        <div role="alert" className="flex flex-col gap-2">
          {toasts
            .filter((toast) => toast.kind === "error")
            .map((toast) => (
              <div key={toast.id} data-testid="error-toast" className="flex items-start gap-3 rounded-md bg-red-800 px-4 py-3 text-sm text-white shadow-lg">
                <p className="flex-1">{toast.message}</p>
                <button type="button" onClick={() => dismiss(toast.id)} className="rounded px-1 font-medium underline focus:outline-none focus-visible:ring-2 focus-visible:ring-white">
                  {t("dismiss")}
                </button>
              </div>
            ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}
