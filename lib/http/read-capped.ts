// Reads a request's (or response's) body with a hard byte cap, shared by the Studio API's route
// wrapper, the console's routes and the chain scanner's reading of node answers. Plain Web API +
// Node's Buffer: no framework imports.

export const MiB = 1024 * 1024;
export const KiB = 1024;

/** Thrown when a body is over its cap (declared by Content-Length or counted while streaming). */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The request body exceeds the ${describeBytes(maxBytes)} limit`);
    this.name = "BodyTooLargeError";
  }
}

/**
 * The body as text, never buffering more than `maxBytes`: a declared Content-Length over the cap
 * is refused before anything is read, and a streamed (chunked) body is cancelled as soon as the
 * count passes the cap. `tooLarge` builds the error to throw (a BodyTooLargeError by default).
 */
export async function readCapped(
  request: Request,
  maxBytes: number,
  tooLarge: () => Error = () => new BodyTooLargeError(maxBytes),
): Promise<string> {
  return (await readCappedBytes(request, maxBytes, tooLarge)).toString("utf8");
}

/** The body's bytes under the same cap, for a request or a response (as a JSON-RPC node's answer). */
export async function readCappedBytes(
  message: Request | Response,
  maxBytes: number,
  tooLarge: () => Error = () => new BodyTooLargeError(maxBytes),
): Promise<Buffer> {
  const declared = Number(message.headers.get("content-length") ?? "0");
  if (declared > maxBytes) {
    await message.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!message.body) return Buffer.alloc(0);
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

export function describeBytes(bytes: number): string {
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes >= KiB && bytes % KiB === 0) return `${bytes / KiB} KiB`;
  return `${bytes} bytes`;
}
