import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce, pageSecurityHeaders } from "@/lib/console/security-headers";

const directives = (policy: string) => new Map(policy.split("; ").map((directive) => [directive.split(" ")[0], directive]));

describe("page security headers", () => {
  it("a production page: scripts only with the nonce, no eval, no framing, no upgrade over plain http", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "abc123==", https: false, development: false }));
    expect(policy.get("script-src")).toBe("script-src 'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(policy.get("style-src")).toBe("style-src 'self' 'nonce-abc123=='");
    expect(policy.get("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(policy.get("object-src")).toBe("object-src 'none'");
    expect(policy.has("upgrade-insecure-requests")).toBe(false);
    for (const directive of policy.values()) {
      expect(directive).not.toContain("unsafe-eval");
      expect(directive).not.toContain("unsafe-inline");
    }
  });

  it("only /docs/api/try (Scalar's inline theme <style>) may inline styles; its scripts still need the nonce", () => {
    const docs = directives(contentSecurityPolicy({ nonce: "abc", https: false, development: false, pathname: "/docs/api/try" }));
    expect(docs.get("style-src")).toBe("style-src 'self' 'unsafe-inline'");
    expect(docs.get("script-src")).toBe("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    for (const pathname of ["/invoices", "/docs/api", "/docs/api/x", "/docs/api/try/x", "/docs", "/sign-in"]) {
      expect(directives(contentSecurityPolicy({ nonce: "abc", https: false, development: false, pathname })).get("style-src")).toBe("style-src 'self' 'nonce-abc'");
    }
  });

  it("a build's inlined stylesheets are allowed by their hashes beside the nonce, never by 'unsafe-inline'", () => {
    const hashes = ["sha256-AAAA", "sha256-BBBB"];
    const policy = directives(contentSecurityPolicy({ nonce: "abc", https: false, development: false, pathname: "/invoices", inlineStylesheets: hashes }));
    expect(policy.get("style-src")).toBe("style-src 'self' 'nonce-abc' 'sha256-AAAA' 'sha256-BBBB'");
    expect(policy.get("script-src")).toBe("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    // Where inline styles are allowed outright, a hash would make browsers ignore 'unsafe-inline'.
    for (const options of [{ development: true }, { development: false, pathname: "/docs/api/try" }]) {
      expect(directives(contentSecurityPolicy({ nonce: "abc", https: false, inlineStylesheets: hashes, ...options })).get("style-src")).toBe("style-src 'self' 'unsafe-inline'");
    }
  });

  it("the dev server may eval and inline its styles", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "n", https: false, development: true }));
    expect(policy.get("script-src")).toContain("'unsafe-eval'");
    expect(policy.get("style-src")).toBe("style-src 'self' 'unsafe-inline'");
  });

  it("HSTS and upgrade-insecure-requests only over https", () => {
    const plain = pageSecurityHeaders({ nonce: "n", https: false, development: false });
    expect(plain["Strict-Transport-Security"]).toBeUndefined();
    const secure = pageSecurityHeaders({ nonce: "n", https: true, development: false });
    expect(secure["Strict-Transport-Security"]).toMatch(/^max-age=\d{7,}/);
    expect(secure["Content-Security-Policy"]).toContain("upgrade-insecure-requests");
    for (const headers of [plain, secure]) {
      expect(headers["X-Frame-Options"]).toBe("DENY");
      expect(headers["X-Content-Type-Options"]).toBe("nosniff");
      expect(headers["Referrer-Policy"]).toBe("same-origin");
      expect(headers["Permissions-Policy"]).toContain("camera=()");
    }
  });

  it("every nonce is new and at least 128 bits", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
