import { describe, expect, it } from "vitest";
import { DemoClock } from "./demo-clock";

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

describe("DemoClock", () => {
  it("interleaves overlapping stories by the moment of each step, whatever order they were given in", async () => {
    const clock = new DemoClock();
    const written: string[] = [];
    const story = (name: string, days: number[]) => async () => {
      for (const n of days) {
        const at = await clock.until(day(n));
        // Work between steps (a database write) holds the turn: no other story runs meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 1));
        written.push(`${name}@${at.getUTCDate()}`);
      }
    };
    await clock.run([story("a", [1, 5, 9]), story("b", [2, 3, 10]), story("c", [4, 6])]);
    expect(written).toEqual(["a@1", "b@2", "b@3", "c@4", "a@5", "c@6", "a@9", "b@10"]);
  });

  it("runs steps due at the same moment in the order their stories asked for it", async () => {
    const clock = new DemoClock();
    const written: string[] = [];
    const story = (name: string) => async () => {
      await clock.until(day(1));
      written.push(name);
    };
    await clock.run([story("first"), story("second"), story("third")]);
    expect(written).toEqual(["first", "second", "third"]);
  });

  it("never runs two stories at once, and a story's work before its first wait runs at its start", async () => {
    const clock = new DemoClock();
    let running = 0;
    let most = 0;
    const story = (days: number[]) => async () => {
      for (const n of days) {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running -= 1;
        await clock.until(day(n));
      }
    };
    await clock.run([story([3, 1]), story([2]), story([1, 4])]);
    expect(most).toBe(1);
  });

  it("rejects with a story's error", async () => {
    const clock = new DemoClock();
    const failing = async () => {
      await clock.until(day(2));
      throw new Error("the step failed");
    };
    const fine = async () => {
      await clock.until(day(1));
    };
    await expect(clock.run([failing, fine])).rejects.toThrow("the step failed");
  });
});
