// Zod 4 compiles object parsers with `new Function` where it may, and probes for that once. The
// console's CSP has no 'unsafe-eval' (lib/console/security-headers), so in the browser the probe is
// refused and reported as a CSP violation even though Zod catches it: the console's schemas run
// jitless there. Imported before any module that builds a schema. Only in the browser: the server
// shares Zod with the API's validation, which keeps its compiled parsers.
import { config } from "zod/v4/core";

if (typeof window !== "undefined") config({ jitless: true });
