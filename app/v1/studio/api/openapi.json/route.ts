// GET /v1/studio/api/openapi.json - the OpenAPI 3.1 document of this API (public: it holds no
// secrets, and a merchant engineer's tooling fetches it before it has a key)
import { openApiJson } from "@/lib/studio/openapi/document";
import { otherMethodsRefused, requestIdFor } from "@/lib/studio/http/route";

export function GET(request: Request): Response {
  return new Response(openApiJson(), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "x-request-id": requestIdFor(request),
      "cache-control": "public, max-age=300",
      // The console's /docs/api page and other origins' API tools read it.
      "access-control-allow-origin": "*",
    },
  });
}

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");
