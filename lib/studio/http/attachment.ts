import "server-only";
// A file answered as a download (an invoice PDF, a CSV export): the route returns this Response
// and studioRoute adds the request id. The body may be bytes or a stream read as the client pulls.
export type AttachmentType = "application/pdf" | "text/csv";

const CONTENT_TYPES: Record<AttachmentType, string> = {
  "application/pdf": "application/pdf",
  "text/csv": "text/csv; charset=utf-8",
};

export function attachment(body: Uint8Array | ReadableStream<Uint8Array>, type: AttachmentType, filename: string): Response {
  return new Response(body instanceof Uint8Array ? new Uint8Array(body) : body, {
    status: 200,
    headers: {
      "content-type": CONTENT_TYPES[type],
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
}
