// Next.js decodes a dynamic path segment before any handler runs, and one that does not decode
// (a lone surrogate as %ED%A0%80, a stray %FF) makes it answer a bare 500 of its own. Such a path
// names no record and no endpoint: it is answered here, as 404 in the error envelope. (Not by a
// rewrite: Next proxies a rewrite over HTTP when the host it sees is spelled differently, e.g.
// 127.0.0.1 and localhost.)
import type { NextRequest } from "next/server";
import { StudioError } from "@/lib/studio/errors";
import { errorResponse, requestIdFor } from "@/lib/studio/http/route";

export function proxy(request: NextRequest): Response | undefined {
  const pathname = request.nextUrl.pathname;
  const undecodable = pathname.split("/").find((segment) => !decodes(segment));
  if (undecodable === undefined) return undefined;
  const message = `No record or endpoint at ${pathname}: ${JSON.stringify(undecodable)} is not percent-encoded UTF-8`;
  return errorResponse(new StudioError("not_found", message), requestIdFor(request));
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

// Only API paths with a percent sign: every other request skips the proxy altogether.
export const config = { matcher: "/v1/:path(.*%.*)" };
