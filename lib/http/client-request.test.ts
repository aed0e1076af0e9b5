import { describe, expect, it } from "vitest";
import { arrivedOverHttps, clientAddress, DIRECT } from "@/lib/http/client-request";

const headers = (values: Record<string, string>) => new Headers(values);

describe("client address", () => {
  it("ignores X-Forwarded-For when no proxy is trusted: every caller is one direct client", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "203.0.113.7" }), 0)).toBe(DIRECT);
    expect(clientAddress(headers({ "x-forwarded-for": "198.51.100.1, 203.0.113.7" }), 0)).toBe(DIRECT);
    expect(clientAddress(headers({}), 0)).toBe(DIRECT);
  });

  it("behind N trusted proxies takes the N-th address from the right; the client's own claims are ignored", () => {
    const forged = headers({ "x-forwarded-for": "1.1.1.1, 2.2.2.2, 203.0.113.7" });
    expect(clientAddress(forged, 1)).toBe("203.0.113.7");
    expect(clientAddress(headers({ "x-forwarded-for": "1.1.1.1, 203.0.113.7, 10.0.0.2" }), 2)).toBe("203.0.113.7");
    expect(clientAddress(headers({ "x-forwarded-for": "203.0.113.7" }), 3)).toBe("203.0.113.7");
    expect(clientAddress(headers({ "x-forwarded-for": "2001:DB8::1" }), 1)).toBe("2001:db8::1");
    expect(clientAddress(headers({ "x-forwarded-for": "not an address <script>" }), 1)).toBe(DIRECT);
  });

});

describe("arrived over https", () => {
  it("trusts X-Forwarded-Proto only behind a trusted proxy; otherwise the URL's scheme", () => {
    const claimed = headers({ "x-forwarded-proto": "https" });
    expect(arrivedOverHttps(claimed, "http://console.test/api/auth/sign-in", 0)).toBe(false);
    expect(arrivedOverHttps(claimed, "http://console.test/api/auth/sign-in", 1)).toBe(true);
    expect(arrivedOverHttps(headers({ "x-forwarded-proto": "http" }), "https://console.test/", 1)).toBe(false);
    expect(arrivedOverHttps(headers({}), "https://console.test/", 0)).toBe(true);
    expect(arrivedOverHttps(headers({ "x-forwarded-proto": "https, http" }), undefined, 1)).toBe(true);
  });
});
