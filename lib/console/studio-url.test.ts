import { describe, expect, it } from "vitest";
import { checkedStudioBaseUrl, isLoopbackHost } from "@/lib/console/studio-url";

describe("STUDIO_API_URL", () => {
  it("defaults to this server on loopback", () => {
    expect(checkedStudioBaseUrl(undefined, 3000)).toBe("http://127.0.0.1:3000");
  });

  it("accepts https anywhere and plain http only to loopback", () => {
    expect(checkedStudioBaseUrl("https://studio.example.com/", 3000)).toBe("https://studio.example.com");
    expect(checkedStudioBaseUrl("https://studio.example.com/base//", 3000)).toBe("https://studio.example.com/base");
    expect(checkedStudioBaseUrl("http://127.0.0.1:4000", 3000)).toBe("http://127.0.0.1:4000");
    expect(checkedStudioBaseUrl("http://localhost:4000", 3000)).toBe("http://localhost:4000");
    expect(checkedStudioBaseUrl("http://[::1]:4000", 3000)).toBe("http://[::1]:4000");
  });

  it.each([
    "http://studio.example.com",
    "http://10.0.0.5:3000",
    "http://127.0.0.1.evil.example",
    "http://localhost.evil.example",
    "ftp://studio.example.com",
    "https://user:pass@studio.example.com",
    "https://studio.example.com/?x=1",
    "not a url",
  ])("refuses %j", (configured) => {
    expect(() => checkedStudioBaseUrl(configured, 3000)).toThrow(/STUDIO_API_URL/);
  });

  it("knows loopback hosts", () => {
    expect(isLoopbackHost("127.10.0.1")).toBe(true);
    expect(isLoopbackHost("app.localhost")).toBe(true);
    expect(isLoopbackHost("[::1]")).toBe(true);
    expect(isLoopbackHost("128.0.0.1")).toBe(false);
  });
});
