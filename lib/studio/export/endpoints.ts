import "server-only";
import { z } from "zod";
import { endpoint } from "@/lib/studio/openapi/endpoint";
import { EXPORT_LISTS, exportPath, type ExportName } from "@/lib/studio/export/declarations";

const csvFile = z.string().meta({
  description:
    "UTF-8 CSV with a byte order mark, a header row and CRLF line ends; amounts as exact decimals; a cell that would start a formula (=, +, -, @) and is not a number starts with an apostrophe",
  example: "\uFEFFid,invoice_id,status,amount\r\ninv_8d2f0a6b1c3e4d57,INV-000123,paid,125.5\r\n",
});

export const exportEndpoints = (Object.keys(EXPORT_LISTS) as ExportName[]).map((name) => {
  const { listPath, tag, permission, query } = EXPORT_LISTS[name];
  return endpoint({
    method: "get", path: exportPath(name), tag, summary: `Export ${listPath} as CSV`,
    description: `Every row of \`GET ${listPath}\` under the same filters and \`sort\`, streamed (no paging; the server holds one batch at a time).`,
    permission, query, response: csvFile, file: "text/csv", extension: true,
  });
});
