import { describe, expect, it } from "vitest";
import { BodyTooLargeError, readCapped } from "@/lib/http/read-capped";

/** A request whose body arrives in chunks, with no Content-Length (as a chunked upload would). */
function streamed(chunks: Uint8Array[], onCancel?: () => void): Request {
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
    cancel() {
      onCancel?.();
    },
  });
  return new Request("http://test.local/", { method: "POST", body, duplex: "half" } as RequestInit);
}

describe("readCapped", () => {
  it("returns the body text up to and including the cap", async () => {
    const text = "é".repeat(8); // 16 bytes
    expect(await readCapped(new Request("http://t/", { method: "POST", body: text }), 16)).toBe(text);
    expect(await readCapped(new Request("http://t/"), 16)).toBe("");
  });

  it("refuses a declared Content-Length over the cap before reading anything", async () => {
    let pulled = false;
    const body = new ReadableStream(
      {
        pull() {
          pulled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request("http://t/", { method: "POST", body, duplex: "half", headers: { "content-length": "5000" } } as RequestInit);
    await expect(readCapped(request, 4096)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(pulled).toBe(false);
  });

  it("stops a streamed body as soon as it passes the cap, and cancels the rest", async () => {
    let cancelled = false;
    const chunk = new Uint8Array(1024);
    const chunks = Array.from({ length: 100 }, () => chunk);
    const error = await readCapped(streamed(chunks, () => (cancelled = true)), 4096).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect((error as BodyTooLargeError).message).toBe("The request body exceeds the 4 KiB limit");
    expect(cancelled).toBe(true);
  });

  it("throws the caller's own error when given one", async () => {
    class Mine extends Error {}
    await expect(readCapped(streamed([new Uint8Array(10)]), 5, () => new Mine("too big"))).rejects.toBeInstanceOf(Mine);
  });
});
