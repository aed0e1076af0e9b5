// The demo's history acted out in the order it happened. Each record's story (created, approved,
// paid, signed…) spans hours or days of the past, and the stories overlap; run one after another,
// their rows were numbered out of time order, and the audit log, which lists by number as a live
// server writes it, showed the 26th above the 24th above the 25th.

type Waiting = { at: number; order: number; wake: () => void };

/**
 * Runs stories one at a time, always resuming the one whose next step is due first, so every row
 * the steps write (audit and ledger entries, status logs, records) is numbered in time order.
 */
export class DemoClock {
  // Sorted by moment, then by when each began to wait.
  private readonly waiting: Waiting[] = [];
  private waits = 0;
  private turnEnded: (() => void) | undefined;
  private turnFailed: ((error: unknown) => void) | undefined;

  /** Resumes the calling story once every step due before `at` has run; answers `at`, the step's moment. */
  until(at: Date): Promise<Date> {
    return new Promise((resume) => {
      const entry = { at: at.getTime(), order: this.waits++, wake: () => resume(at) };
      this.waiting.splice(this.insertionPoint(entry), 0, entry);
      this.turnEnded?.();
    });
  }

  /** Runs every story to its end, their steps interleaved by moment; rejects with the first story's error. */
  async run(stories: ReadonlyArray<() => Promise<void>>): Promise<void> {
    for (const story of stories) {
      await this.turn(() => story().then(() => this.turnEnded?.(), (error: unknown) => this.turnFailed?.(error)));
    }
    for (let next = this.waiting.shift(); next; next = this.waiting.shift()) await this.turn(next.wake);
  }

  // One story runs until it waits for its next moment or ends; only then does the next one start.
  private turn(start: () => void): Promise<void> {
    return new Promise((ended, failed) => {
      this.turnEnded = ended;
      this.turnFailed = failed;
      start();
    });
  }

  private insertionPoint(entry: Waiting): number {
    let low = 0;
    let high = this.waiting.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const other = this.waiting[middle]!;
      if (other.at < entry.at || (other.at === entry.at && other.order < entry.order)) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** A moment of the demo's story, or now if the story had not reached it yet. */
export function notAfterNow(moment: Date): Date {
  return moment.getTime() < Date.now() ? moment : new Date();
}
