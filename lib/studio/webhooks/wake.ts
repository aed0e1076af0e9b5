import "server-only";
// An in-process nudge: a dispatcher running in this process drains the outbox right after a
// change rather than at its next poll. Early nudges only cost one empty claim; the poll covers
// events written by other processes.
type Waker = () => void;
const holder = globalThis as typeof globalThis & { __studioWebhookWakers?: Set<Waker> };

export function onNudge(waker: Waker): () => void {
  const wakers = (holder.__studioWebhookWakers ??= new Set());
  wakers.add(waker);
  return () => wakers.delete(waker);
}

export function nudgeDispatcher(): void {
  for (const waker of holder.__studioWebhookWakers ?? []) waker();
}
