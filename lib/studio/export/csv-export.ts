// CSV exports of the lists (issue 27): the rows of a list's current filters and sort, streamed in
// keyset batches so the server holds one batch at a time however long the list is.
import "server-only";
import { stringify } from "csv-stringify/sync";
import { attachment } from "@/lib/studio/http/attachment";
import { log } from "@/lib/observability/log";

/** One column: its header and the cell of a record. */
export type CsvColumn<Record> = { header: string; cell: (record: Record) => string | number | boolean | null | undefined };

/** One batch of rows after the row with `afterSeq` (the first batch when undefined), in the list's order. */
export type CsvBatches<Record> = (afterSeq: number | undefined, limit: number) => Promise<Array<{ seq: number; record: Record }>>;

const BATCH = 1000;
// Excel opens a file without a BOM in the machine's code page, which garbles Chinese names.
const BOM = "\uFEFF";
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return
 * first) gets a leading apostrophe, which shows as text (OWASP's CSV injection advice). A plain
 * decimal, such as a negative ledger amount, stays as it is: it is a number, not a formula.
 */
export function neutralised(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

function cellText(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  return neutralised(String(value));
}

/**
 * The CSV answer: the first batch is read before answering, so a refused query (a bad filter)
 * is still an error envelope; later batches are read as the client takes the stream.
 */
export async function csvResponse<Record>(input: { filename: string; columns: CsvColumn<Record>[]; batches: CsvBatches<Record> }): Promise<Response> {
  const { columns, batches } = input;
  const encoder = new TextEncoder();
  const lines = (rows: Array<{ record: Record }>, header: boolean) =>
    stringify(
      rows.map(({ record }) => columns.map((column) => cellText(column.cell(record)))),
      { header, columns: columns.map((column) => column.header), record_delimiter: "\r\n" },
    );
  let batch = await batches(undefined, BATCH);
  let first = true;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (first) {
          first = false;
          controller.enqueue(encoder.encode(BOM + lines(batch, true)));
        } else {
          const last = batch[batch.length - 1];
          if (batch.length < BATCH || last === undefined) {
            controller.close();
            return;
          }
          batch = await batches(last.seq, BATCH);
          if (batch.length === 0) {
            controller.close();
            return;
          }
          controller.enqueue(encoder.encode(lines(batch, false)));
        }
      } catch (error) {
        log.error({ err: error }, "CSV export failed mid-stream");
        controller.error(error);
      }
    },
  });
  return attachment(stream, "text/csv", input.filename);
}

/** The export file's name: the list and the day, e.g. `invoices-2026-11-26.csv`. */
export function exportFilename(list: string, now = new Date()): string {
  return `${list}-${now.toISOString().slice(0, 10)}.csv`;
}
