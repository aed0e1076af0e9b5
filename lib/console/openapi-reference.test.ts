import { describe, expect, it } from "vitest";
import { fieldRows, markdownHtml, referenceTagPage, referenceTags, typeLabel, type OpenApiDocument } from "@/lib/console/openapi-reference";

describe("the API reference's reading of an OpenAPI document", () => {
  it("writes types as a reader expects them, linking named schemas", () => {
    expect(typeLabel({ $ref: "#/components/schemas/InvoiceIntent" })).toEqual({ text: "InvoiceIntent", schema: "InvoiceIntent" });
    expect(typeLabel({ type: "array", items: { $ref: "#/components/schemas/InvoiceLog" } })).toEqual({ text: "InvoiceLog[]", schema: "InvoiceLog" });
    expect(typeLabel({ type: ["string", "null"], format: "date-time" })).toEqual({ text: "string (date-time) | null" });
    expect(typeLabel({ type: ["string", "null"], enum: ["USD", "TWD", null] })).toEqual({ text: '"USD" | "TWD" | null' });
    expect(typeLabel({ type: "array", items: { enum: ["a", "b"] } })).toEqual({ text: '("a" | "b")[]' });
    expect(typeLabel({})).toEqual({ text: "any" });
  });

  it("spells out nested fields under dotted names, with what is required, limits, defaults and examples", () => {
    const rows = fieldRows({
      type: "object",
      required: ["amount"],
      properties: {
        amount: { type: "string", description: "Exact decimal amount", example: "125.5" },
        page_size: { type: "integer", minimum: 1, maximum: 100, default: 20 },
        detail_items: { type: "array", items: { type: "object", required: ["name"], properties: { name: { type: "string", maxLength: 200 } } } },
        attachment: { type: ["object", "null"], properties: { file_id: { type: "string" } } },
      },
    });
    expect(rows.map((row) => [row.name, row.type.text, row.required, row.constraints, row.example])).toEqual([
      ["amount", "string", true, [], '"125.5"'],
      ["page_size", "integer", false, ["1–100", "default 20"], undefined],
      ["detail_items", "object[]", false, [], undefined],
      ["detail_items[].name", "string", true, ["≤ 200 characters"], undefined],
      ["attachment", "object | null", false, [], undefined],
      ["attachment.file_id", "string", false, [], undefined],
    ]);
  });

  it("groups operations by their first tag in the document's tag order, leaves out the shared X-Request-ID and reads the envelope's data type", () => {
    const document: OpenApiDocument = {
      info: { title: "Studio API", version: "1.0.0" },
      tags: [{ name: "Invoices" }, { name: "Empty" }, { name: "Payouts" }],
      paths: {
        "/payout/intents": { get: { operationId: "listPayouts", tags: ["Payouts"], summary: "List payouts", responses: {} } },
        "/invoice/intent/{id}": {
          post: { operationId: "updateInvoice", tags: ["Invoices"], summary: "Update", requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/InvoiceUpdateRequest" }, example: { amount: "1" } } } } },
          get: {
            operationId: "getInvoiceIntentById",
            tags: ["Invoices"],
            summary: "Get an invoice intent",
            parameters: [
              { name: "id", in: "path", required: true, schema: { type: "string" } },
              { name: "X-Request-ID", in: "header", schema: { type: "string" } },
            ],
            responses: {
              "200": { description: "The record", content: { "application/json": { schema: { type: "object", properties: { code: { type: "number" }, data: { $ref: "#/components/schemas/InvoiceIntent" } } } } } },
              "404": { description: "Not found", content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } } },
              "200 ": { description: "A PDF", content: { "application/pdf": {} } },
            },
          },
        },
      },
    };
    const tags = referenceTags(document);
    expect(tags.map((tag) => [tag.name, tag.operations.map((operation) => `${operation.method} ${operation.id}`)])).toEqual([
      ["Invoices", ["GET getinvoiceintentbyid", "POST updateinvoice"]],
      ["Payouts", ["GET listpayouts"]],
    ]);
    const get = tags[0]!.operations[0]!;
    expect(get.parameters.map((parameter) => [parameter.name, parameter.type.text, parameter.required])).toEqual([["id", "path · string", true]]);
    expect(get.responses.map((response) => [response.status, response.type])).toEqual([
      ["200", { text: "InvoiceIntent", schema: "InvoiceIntent" }],
      ["404", { text: "ErrorEnvelope", schema: "ErrorEnvelope" }],
      ["200 ", { text: "application/pdf" }],
    ]);
    const update = tags[0]!.operations[1]!;
    expect(update.body).toEqual({ type: { text: "InvoiceUpdateRequest", schema: "InvoiceUpdateRequest" }, fields: [], example: '{\n  "amount": "1"\n}' });
  });

  it("gives a tag's page the schemas its operations use, and those they use, alphabetically", () => {
    const document: OpenApiDocument = {
      info: { title: "t", version: "1" },
      tags: [{ name: "Payment intents" }, { name: "Balances" }],
      paths: {
        "/payment/intents": {
          get: { tags: ["Payment intents"], summary: "List", responses: { "200": { content: { "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/StandalonePaymentIntent" } } } } } } },
        },
        "/balances": { get: { tags: ["Balances"], summary: "Balances", responses: { "200": { content: { "application/json": { schema: { $ref: "#/components/schemas/Balance" } } } } } } },
      },
      components: {
        schemas: {
          StandalonePaymentIntent: { type: "object", properties: { log: { $ref: "#/components/schemas/PaymentIntentLog" } } },
          PaymentIntentLog: { type: "object", properties: { back: { $ref: "#/components/schemas/StandalonePaymentIntent" } } },
          Balance: { type: "string" },
        },
      },
    };
    const page = referenceTagPage(document, "payment-intents")!;
    expect(page.tag.name).toBe("Payment intents");
    expect(page.schemas.map((schema) => [schema.name, schema.id, schema.fields.map((field) => field.type.text)])).toEqual([
      ["PaymentIntentLog", "schema-paymentintentlog", ["StandalonePaymentIntent"]],
      ["StandalonePaymentIntent", "schema-standalonepaymentintent", ["PaymentIntentLog"]],
    ]);
    expect(referenceTagPage(document, "balances")!.schemas.map((schema) => [schema.name, schema.type.text])).toEqual([["Balance", "string"]]);
    expect(referenceTagPage(document, "nothing")).toBeUndefined();
  });

  it("renders the document's Markdown without letting it inject markup", () => {
    expect(markdownHtml("Requires `transfer:read`.")).toBe("<p>Requires <code>transfer:read</code>.</p>");
    expect(markdownHtml('<img src=x onerror="alert(1)">')).not.toContain("<img");
  });
});
