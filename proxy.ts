// Next.js decodes a dynamic path segment before any handler runs, and one that does not decode
// (a lone surrogate as %ED%A0%80, a stray %FF) makes it answer a bare 500 of its own. Such a
// segment goes on with its `%` escaped, so it reaches its route as an id no record has: 404 in
// the error envelope, like every other unknown id.
import { NextResponse, type NextRequest } from "next/server";

export function proxy(request: NextRequest): NextResponse {
  const segments = request.nextUrl.pathname.split("/");
  const escaped = segments.map((segment) => (decodes(segment) ? segment : segment.replaceAll("%", "%25")));
  if (escaped.every((segment, index) => segment === segments[index])) return NextResponse.next();
  const url = request.nextUrl.clone();
  url.pathname = escaped.join("/");
  return NextResponse.rewrite(url);
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
