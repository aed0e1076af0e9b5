// npm run openapi:types - regenerates lib/console/api-types.ts from the OpenAPI document, so the
// console's record types are the service's response schemas (e2e/api/openapi.test.ts checks it is fresh).
import { writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "@/lib/studio/openapi/document";
import { consoleApiTypes } from "@/lib/studio/openapi/console-types";

writeFileSync(new URL("../lib/console/api-types.ts", import.meta.url), await consoleApiTypes(buildOpenApiDocument()));
