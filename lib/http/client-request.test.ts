import { describe, expect, it } from "vitest";
import { arrivedOverHttps } from "@/lib/http/client-request";

const headers = (values: Record<string, string>) => new Headers(values);

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
