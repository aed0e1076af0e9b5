import "server-only";
// Field schemas the response records share. Each record's zod schema (next to its serializer) is
// both the serializer's return type and its entry in the OpenAPI document (lib/studio/openapi).
import { z } from "zod";

/** An exact decimal amount as the API spells it: a string, never a JSON number. */
export const amountText = (example = "125.5") => z.string().meta({ description: "Exact decimal amount", example });
export const nullableAmountText = (example = "125.5") => amountText(example).nullable();

/** An ISO 8601 UTC date-time as the records spell it (`Date.toISOString()`). */
export const dateTimeText = z.string().meta({ format: "date-time", example: "2026-03-01T10:00:00.000Z" });

/** Unix seconds. */
export const unixTime = z.number().int().meta({ description: "Unix timestamp, seconds", example: 1772359200 });

export const txHash = z.string().meta({ example: "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060" });
export const address = (example = "0x8ba1f109551bD432803012645Ac136ddd64DBA72") => z.string().meta({ example });
