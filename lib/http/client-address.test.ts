import { describe, expect, it } from "vitest";
import { clientAddress, DIRECT, PEER_ADDRESS_HEADER } from "@/lib/http/client-address";

const headers = (values: Record<string, string>) => new Headers(values);

describe("client address", () => {
  it("ignores X-Forwarded-For when no proxy is trusted: every caller is one direct client, unless this server wrote the socket's peer", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "203.0.113.7" }), 0, false)).toBe(DIRECT);
    expect(clientAddress(headers({ "x-forwarded-for": "198.51.100.1, 203.0.113.7" }), 0, false)).toBe(DIRECT);
    expect(clientAddress(headers({}), 0, false)).toBe(DIRECT);
    // Under `next start` nobody replaces the header: a client's own claim is never read.
    expect(clientAddress(headers({ [PEER_ADDRESS_HEADER]: "203.0.113.7" }), 0, false)).toBe(DIRECT);
    expect(clientAddress(headers({ [PEER_ADDRESS_HEADER]: "203.0.113.7", "x-forwarded-for": "1.1.1.1" }), 0, true)).toBe("203.0.113.7");
    expect(clientAddress(headers({ [PEER_ADDRESS_HEADER]: "::ffff:198.51.100.4" }), 0, true)).toBe("198.51.100.4");
    expect(clientAddress(headers({ [PEER_ADDRESS_HEADER]: "2001:DB8::2" }), 0, true)).toBe("2001:db8::2");
    expect(clientAddress(headers({}), 0, true)).toBe(DIRECT);
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
