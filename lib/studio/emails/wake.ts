import "server-only";
// An in-process nudge, as for webhooks: a drainer in this process sends an e-mail right after the
// change that queued it commits, rather than at its next poll (which covers other processes' rows).
type Waker = () => void;
const holder = globalThis as typeof globalThis & { __studioEmailWakers?: Set<Waker> };

export function onEmailNudge(waker: Waker): () => void {
  const wakers = (holder.__studioEmailWakers ??= new Set());
  wakers.add(waker);
  return () => wakers.delete(waker);
}

export function nudgeEmailDrainer(): void {
  for (const waker of holder.__studioEmailWakers ?? []) waker();
}
