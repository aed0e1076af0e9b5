// CSV formula neutralisation (OWASP's CSV injection advice): what a spreadsheet would read as a
// formula gets an apostrophe first, a plain decimal (a debit's negative amount) stays a number.
import { describe, expect, it } from "vitest";
import { neutralised } from "@/lib/studio/export/csv-export";

describe("neutralised", () => {
  it.each(["=1+1", "+1+1", "-1+1", "@SUM(A1)", "\t=1+1", "\r=1+1", "-", "-1.5e3", "- 12"])("puts an apostrophe before %j", (cell) => {
    expect(neutralised(cell)).toBe(`'${cell}`);
  });

  it.each(["-1.25", "-12", "12.5", "0", "王小明", "Plain text", "1e3"])("leaves %j as it is", (cell) => {
    expect(neutralised(cell)).toBe(cell);
  });
});
