import { describe, expect, it } from "vitest";
import { checkWebhookUrl, forbiddenAddressReason, resolveAllowed } from "@/lib/studio/webhooks/ssrf-guard";

describe("webhook SSRF guard", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "CGNAT"],
    ["100.100.100.200", "CGNAT"],
    ["169.254.169.254", "link-local"],
    ["0.0.0.0", "this-network"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fd00:ec2::254", "unique-local"],
    ["fc00::1", "unique-local"],
    ["fe80::1", "link-local"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:169.254.169.254", "link-local"],
    ["64:ff9b::10.0.0.1", "private"],
  ])("refuses %s (%s)", (address, why) => {
    expect(forbiddenAddressReason(address)).toContain(why);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("allows public %s", (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });

  it("accepts only http(s) URLs without credentials", () => {
    expect(checkWebhookUrl("ftp://example.com/hook", true)).toEqual({ refused: expect.stringContaining("only http and https") });
    expect(checkWebhookUrl("file:///etc/passwd", true)).toEqual({ refused: expect.stringContaining("only http and https") });
    expect(checkWebhookUrl("not a url", true)).toEqual({ refused: expect.stringContaining("not a valid URL") });
    expect(checkWebhookUrl("https://user:pw@example.com/", true)).toEqual({ refused: expect.stringContaining("credentials") });
    expect(checkWebhookUrl("https://example.com/hook", false)).toBeInstanceOf(URL);
  });

  it("refuses literal private addresses in URLs only while the guard is on", () => {
    expect(checkWebhookUrl("http://127.0.0.1:8080/hook", false)).toEqual({ refused: expect.stringContaining("loopback") });
    expect(checkWebhookUrl("http://[::1]:8080/hook", false)).toEqual({ refused: expect.stringContaining("loopback") });
    expect(checkWebhookUrl("http://169.254.169.254/latest/meta-data", false)).toEqual({ refused: expect.stringContaining("link-local") });
    expect(checkWebhookUrl("http://127.0.0.1:8080/hook", true)).toBeInstanceOf(URL);
  });

  it("checks every address a name resolves to (the system resolver: localhost is loopback)", async () => {
    expect(await resolveAllowed("localhost", { allowPrivate: false })).toEqual({ refused: expect.stringContaining("localhost resolves to") });
    const allowed = await resolveAllowed("localhost", { allowPrivate: true });
    expect(Array.isArray(allowed) && allowed.length > 0).toBe(true);
  });

  it("refuses a name when any one of its addresses is private (a resolver answering public and private)", async () => {
    const answers: Record<string, Array<{ address: string; family: number }>> = {
      "mixed.example": [
        { address: "93.184.216.34", family: 4 },
        { address: "10.0.0.5", family: 4 },
      ],
      "public.example": [
        { address: "93.184.216.34", family: 4 },
        { address: "2606:2800:220:1::1", family: 6 },
      ],
    };
    const lookup = async (hostname: string) => answers[hostname] ?? [];
    // The refusal is stored and shown to the organization: it names the kind, never the internal address.
    const refusal = await resolveAllowed("mixed.example", { allowPrivate: false, lookup });
    expect(refusal).toEqual({ refused: "refused: mixed.example resolves to a private address (set WEBHOOK_ALLOW_PRIVATE=1 to allow private targets)" });
    expect(JSON.stringify(refusal)).not.toContain("10.0.0.5");
    expect(await resolveAllowed("public.example", { allowPrivate: false, lookup })).toEqual(answers["public.example"]);
    expect(await resolveAllowed("nothing.example", { allowPrivate: false, lookup })).toEqual({ refused: expect.stringContaining("no addresses") });
  });
});
