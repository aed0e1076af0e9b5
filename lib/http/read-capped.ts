// Reads a request body as UTF-8 text with a hard byte cap, shared by the Studio API's route
// wrapper and the console's routes. Plain Web API + Node's Buffer: no framework imports.

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
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
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
  return Buffer.concat(chunks).toString("utf8");
}

export function describeBytes(bytes: number): string {
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes >= KiB && bytes % KiB === 0) return `${bytes / KiB} KiB`;
  return `${bytes} bytes`;
}
