import "server-only";
import { endpoint, named } from "@/lib/studio/openapi/endpoint";
import { sandboxPaySchema, sandboxTransferSchema } from "@/lib/studio/sandbox/schemas";
import { sandboxResultSchema } from "@/lib/studio/deposits/record-transfer";

named("SandboxPayRequest", sandboxPaySchema);
named("SandboxTransferRequest", sandboxTransferSchema);
const result = named("SandboxTransferResult", sandboxResultSchema);

const tag = "Sandbox";
const description = "Sandbox chain only (404 elsewhere): what a confirmed transfer would do. Answers the transfer and the record that owns the address, under `invoice`, `payout` or `payment_intent`.";

export const sandboxEndpoints = [
  endpoint({
    method: "post", path: "/sandbox/pay", tag, summary: "Simulate a transfer to a payment address", description, permission: "transfer:sign",
    body: { schema: sandboxPaySchema, example: { payment_address: "0x2f1bE2a1b3C4d5E6f708192A3b4C5d6E7f809102", amount: "125.5" } },
    response: result, extension: true, refusals: { notFound: true, businessRule: true },
  }),
  endpoint({
    method: "post", path: "/sandbox/payment_intent/{id}/pay", tag, summary: "Simulate a transfer to a payment intent", description, permission: "transfer:sign",
    body: { schema: sandboxTransferSchema, example: { amount: "125.5", payer_address: "0x8ba1f109551bD432803012645Ac136ddd64DBA72" } },
    response: result, extension: true, refusals: { businessRule: true },
  }),
];
