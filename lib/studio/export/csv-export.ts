// CSV exports of the lists (issue 27): the rows of a list's current filters and sort, streamed in
// keyset batches so the server holds one batch at a time however long the list is.
import "server-only";
import type { DecodedLater } from "@/lib/db/table-rows";
import { attachment } from "@/lib/studio/http/attachment";
import { log } from "@/lib/observability/log";

/** One column: its header and the cell of a record. */
export type CsvColumn<Record> = { header: string; cell: (record: Record) => string | number | boolean | null | undefined };

/** One batch: how many rows it has, its last row's `seq` (the next batch's cursor), and its records, made as they are written. */
export type CsvBatch<Record> = { size: number; lastSeq: number | undefined; records: Iterable<Record> };

/** One batch of rows after the row with `afterSeq` (the first batch when undefined), in the list's order. */
export type CsvBatches<Record> = (afterSeq: number | undefined, limit: number) => Promise<CsvBatch<Record>>;

/** A batch of table rows, each made into its list record only when it is written. */
export function csvBatch<Row, Record>(rows: DecodedLater<Row>, seq: (row: Row) => number, record: (row: Row) => Record): CsvBatch<Record> {
  return { size: rows.size, lastSeq: rows.size > 0 ? seq(rows.at(rows.size - 1)) : undefined, records: rows.map(record) };
}

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

// RFC 4180: a field holding a quote, a comma or a line break is quoted, its quotes doubled.
const NEEDS_QUOTES = /[",\r\n]/;

function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: string[]): string {
  return `${cells.map(csvField).join(",")}\r\n`;
}

/**
 * The CSV answer: the first batch is read before answering, so a refused query (a bad filter)
 * is still an error envelope; later batches are read as the client takes the stream. Each batch
 * is asked for as soon as the one before it arrives, so the database finds the next rows while
 * this process writes the current ones: two batches are held at most.
 */
export async function csvResponse<Record>(input: { filename: string; columns: CsvColumn<Record>[]; batches: CsvBatches<Record> }): Promise<Response> {
  const { columns, batches } = input;
  const encoder = new TextEncoder();
  const headerLine = csvLine(columns.map((column) => column.header));
  // Line by line: each record is made, written and dropped before the next is made.
  const lines = (records: Iterable<Record>) => {
    let text = "";
    for (const record of records) text += csvLine(columns.map((column) => cellText(column.cell(record))));
    return text;
  };
  const following = (batch: CsvBatch<Record>) => {
    if (batch.size < BATCH || batch.lastSeq === undefined) return undefined;
    const next = batches(batch.lastSeq, BATCH);
    // Awaited by the next pull; one that never comes (the client went away) must not leave an unhandled rejection.
    next.catch(() => undefined);
    return next;
  };
  let pending: Promise<CsvBatch<Record>> | undefined = Promise.resolve(await batches(undefined, BATCH));
  let first = true;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (pending === undefined) {
          controller.close();
          return;
        }
        const batch = await pending;
        pending = following(batch);
        const text = (first ? BOM + headerLine : "") + lines(batch.records);
        if (text) controller.enqueue(encoder.encode(text));
        first = false;
        if (pending === undefined) controller.close();
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
