import "server-only";
// Whole table rows read in bulk (the CSV exports, issue 27). drizzle maps each row field by field,
// asking of every field what kind of thing it is (its `is()` check, which walks the prototype
// chain when `instanceof` misses, as it does in the built server): 38 % of a large export's CPU.
// Here the columns of a selection are listed once, and each row is decoded by the columns' own
// `mapFromDriverValue`, so a row holds exactly the values drizzle's own select would give it.
import { getTableColumns, is, Table, type Column } from "drizzle-orm";
import type { PgColumn, PgSelectBuilder, PgTable } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Database } from "@/lib/db/client";

/**
 * A select of tables under their keys: whole tables, e.g. `{ invoice: invoices, paymentIntent:
 * paymentIntents }`, or some of a table's columns (`tableColumns(invoices, "id", "seq")`), which
 * is all a large export should read and decode.
 */
export type TableSelection = Record<string, PgTable | Record<string, PgColumn>>;
export type TableRow<Selection extends TableSelection> = SelectResultFields<Selection>;

/** Some of a table's columns, under their own names, for a selection. */
export function tableColumns<T extends PgTable, Name extends keyof T["_"]["columns"] & string>(table: T, ...names: Name[]): Pick<T["_"]["columns"], Name> {
  const columns = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, columns[name]])) as Pick<T["_"]["columns"], Name>;
}

type Field = { table: string; name: string; column: Column };

/**
 * The reader of selects of `selection`, made once per shape (at module level):
 * `read(database, (select) => select.from(…)…)` is given `database.select(selection)` to finish.
 * Inner joins only: a left join's missing row would come back as an object of nulls, where
 * drizzle gives null.
 */
export function tableRows<Selection extends TableSelection>(selection: Selection) {
  // The order drizzle writes the select list in: the selection's keys, then each table's columns.
  const fields: Field[] = Object.entries(selection).flatMap(([table, columns]) =>
    Object.entries(is(columns, Table) ? getTableColumns(columns) : columns).map(([name, column]) => ({ table, name, column })),
  );
  const tables = Object.keys(selection);
  const decode = (values: unknown[]): TableRow<Selection> => {
    const row: Record<string, Record<string, unknown>> = {};
    for (const table of tables) row[table] = {};
    for (let index = 0; index < fields.length; index++) {
      const { table, name, column } = fields[index]!;
      const value = values[index];
      row[table]![name] = value === null ? null : column.mapFromDriverValue(value);
    }
    return row as unknown as TableRow<Selection>;
  };
  const checked = (rows: unknown[][]): unknown[][] => {
    const width = rows[0]?.length;
    if (width !== undefined && width !== fields.length) {
      throw new Error(`the select returned ${width} columns where its selection has ${fields.length}`);
    }
    return rows;
  };
  return {
    async read(database: Database, build: (select: PgSelectBuilder<TableSelection>) => { toSQL(): { sql: string; params: unknown[] } }): Promise<DecodedLater<TableRow<Selection>>> {
      // Only its SQL is used: the rows are decoded here, so the builder need not know the selection's shape.
      const query = build(database.select(selection as TableSelection)).toSQL();
      const values = await database._.session.prepareQuery<{ execute: unknown[][]; all: unknown; values: unknown }>(query, undefined, undefined, true, checked).execute();
      return {
        size: values.length,
        at: (index) => decode(values[index]!),
        *map(make) {
          for (const row of values) yield make(decode(row));
        },
      };
    },
  };
}

/**
 * Rows decoded one at a time as they are used: a batch's decoded rows and what is made of them
 * die young, one after the other, instead of all living as long as the batch (garbage collection
 * was the export's largest cost once drizzle's mapping was gone).
 */
export type DecodedLater<Row> = { size: number; at(index: number): Row; map<T>(make: (row: Row) => T): Iterable<T> };
