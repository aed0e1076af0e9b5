// Any other /v1 path: the JSON error envelope rather than an HTML page.
import { errorResponse, requestIdFor } from "@/lib/studio/http/route";
import { StudioError } from "@/lib/studio/core/errors";

function unknownEndpoint(request: Request): Response {
  const { pathname } = new URL(request.url);
  return errorResponse(new StudioError("not_found", `No endpoint ${request.method} ${pathname}`), requestIdFor(request));
}

export const GET = unknownEndpoint;
export const POST = unknownEndpoint;
export const PUT = unknownEndpoint;
export const PATCH = unknownEndpoint;
export const DELETE = unknownEndpoint;
