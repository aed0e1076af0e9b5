"use client";
// Keeps the page current without a reload: polls the page's small status route and, when the
// payment moved, re-renders the page on the server (router.refresh keeps scroll and state).
import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";

type Status = { state: string; received: string; deadline_passed: boolean };
const POLL_MS = 4000;

export function LiveStatus({ token, initial, note }: { token: string; initial: Status; note: string }) {
  const router = useRouter();
  const seen = useRef(initial);
  useEffect(() => {
    seen.current = initial;
  }, [initial]);
  useEffect(() => {
    let stopped = false;
    const timer = setInterval(async () => {
      if (stopped || document.visibilityState === "hidden") return;
      try {
        const response = await fetch(`/pay/${token}/status`, { cache: "no-store" });
        if (!response.ok) return;
        const next = (await response.json()) as Status;
        const before = seen.current;
        if (next.state !== before.state || next.received !== before.received || next.deadline_passed !== before.deadline_passed) {
          seen.current = next;
          router.refresh();
        }
      } catch {
        // Offline for a moment: the next poll tries again.
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [token, router]);
  return <p className="text-xs text-slate-600">{note}</p>;
}

/** The time left until `deadline` (Unix seconds), ticking each second. */
export function Countdown({ deadline, template }: { deadline: number; template: string }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (now === null) return null;
  const left = Math.max(0, deadline - Math.floor(now / 1000));
  const days = Math.floor(left / 86400);
  const clock = [Math.floor((left % 86400) / 3600), Math.floor((left % 3600) / 60), left % 60].map((part) => String(part).padStart(2, "0")).join(":");
  const text = template.replace("{left}", days > 0 ? `${days}d ${clock}` : clock);
  return (
    <p className="font-mono text-sm text-slate-700" data-testid="countdown">
      {text}
    </p>
  );
}
