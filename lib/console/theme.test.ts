import { describe, expect, it } from "vitest";
import { themeCookie, themeOf } from "@/lib/console/theme";

describe("themeOf", () => {
  it("takes the three choices as they are", () => {
    expect(themeOf("system")).toBe("system");
    expect(themeOf("light")).toBe("light");
    expect(themeOf("dark")).toBe("dark");
  });

  it("reads no cookie, an unknown value or a different case as system", () => {
    expect(themeOf(undefined)).toBe("system");
    expect(themeOf("")).toBe("system");
    expect(themeOf("Dark")).toBe("system");
    expect(themeOf('dark" onload="x')).toBe("system");
  });
});

describe("themeCookie", () => {
  it("keeps the choice site-wide for a year, Secure only over https", () => {
    expect(themeCookie("dark", false)).toBe("studio_theme=dark; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(themeCookie("light", true)).toBe("studio_theme=light; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
  });
});
