// The Idempotency-Key of each action a person starts on a page.
import { useState } from "react";
import { newIdempotencyKey } from "@/lib/console/idempotency-key";

/**
 * `keyFor(action)` makes a key when the action starts and hands the same one to every retry of
 * it (a second click while it runs, Confirm again after a lost answer), so the Studio acts once;
 * `done(action)` after success lets it go, so the next click is a new action. A failed attempt
 * keeps its key: the Studio stores only successful answers, so the retry runs afresh or, if the
 * first did go through after all, gets that answer replayed.
 */
export class ActionKeys<Action extends string> {
  private readonly keys = new Map<Action, string>();

  keyFor(action: Action): string {
    let key = this.keys.get(action);
    if (key === undefined) this.keys.set(action, (key = newIdempotencyKey()));
    return key;
  }

  done(action: Action): void {
    this.keys.delete(action);
  }
}

/** One ActionKeys for the component's lifetime. */
export function useActionKeys<Action extends string>(): ActionKeys<Action> {
  return useState(() => new ActionKeys<Action>())[0];
}
