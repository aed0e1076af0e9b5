import { describe, expect, it } from "vitest";
import { redactSecrets, redactSecretsDeep, registerSecretText } from "@/lib/observability/redact";

describe("redactSecrets", () => {
  registerSecretText("https://rpc.example.test/v2/unit-key-123", "https://rpc.example.test");
  registerSecretText("/v2/unit-key-123", "[redacted]");
  registerSecretText("/", "[redacted]");

  it("replaces a whole URL by its stand-in before its parts, and a part found alone", () => {
    expect(redactSecrets("HTTP request failed.\nURL: https://rpc.example.test/v2/unit-key-123\nRequest body: {}")).toBe(
      "HTTP request failed.\nURL: https://rpc.example.test\nRequest body: {}",
    );
    expect(redactSecrets("POST /v2/unit-key-123 refused")).toBe("POST [redacted] refused");
  });

  it("leaves texts too short to be secrets alone, and reaches strings inside plain objects and arrays", () => {
    expect(redactSecrets("a/b")).toBe("a/b");
    const error = new Error("https://rpc.example.test/v2/unit-key-123");
    expect(redactSecretsDeep({ reason: ["at /v2/unit-key-123"], error, count: 2 })).toEqual({ reason: ["at [redacted]"], error, count: 2 });
  });
});
