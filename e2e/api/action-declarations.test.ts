// The console's buttons and the Studio's answers come from one declaration per action
// (lib/workflow/actions): for each role and status, the actions the console offers are exactly
// the ones the API accepts, each tried for real on a record in that status.
import { describe, expect, it } from "vitest";
import {
  api,
  approveInvoice,
  approvePayout,
  createInvoice,
  createPayout,
  fundPayoutOk,
  getInvoice,
  getPayout,
  payOk,
  PAYOUT_TARGET,
  REFUND_ADDRESS,
  ROLES,
  user,
  type Role,
} from "./support";
import { permittedActions } from "@/lib/workflow/actions";

const BODIES: Record<string, unknown> = {
  reject: { reason: "declaration check" },
  cancel: { reason: "declaration check" },
  sign: {},
  refund: { refund_address: REFUND_ADDRESS.evm, refund_reason: "declaration check", refund_attachments: [] },
};

type Kind = "invoice" | "payout";
type Setup = { label: string; creator: Role; make: () => Promise<{ id: string }> };

const invoiceSetups = (creator: Role): Setup[] => [
  { label: `approval_pending by ${creator}`, creator, make: () => createInvoice({ role: creator }) },
  { label: `approved by approver, created by ${creator}`, creator, make: async () => approveInvoice((await createInvoice({ role: creator })).id) },
  {
    label: `rejected, created by ${creator}`,
    creator,
    make: async () => {
      const invoice = await createInvoice({ role: creator });
      await expectOk(await api("POST", `/invoice/intent/${invoice.id}/reject`, { role: "approver", body: BODIES.reject }));
      return invoice;
    },
  },
  {
    label: `paid, created by ${creator}`,
    creator,
    make: async () => {
      const approved = await approveInvoice((await createInvoice({ role: creator })).id);
      await payOk(approved.payment_intent.payment_address, approved.payment_intent.crypto_amount);
      return approved;
    },
  },
];

const payoutSetups = (creator: Role): Setup[] => [
  { label: `approval_pending by ${creator}`, creator, make: () => createPayout({ role: creator }) },
  { label: `approved, created by ${creator}`, creator, make: async () => approvePayout((await createPayout({ role: creator })).id) },
  {
    label: `underfunded, created by ${creator}`,
    creator,
    make: async () => {
      const approved = await approvePayout((await createPayout({ role: creator })).id);
      await fundPayoutOk(approved, "1");
      return approved;
    },
  },
];

async function expectOk(response: { status: number; body: unknown }) {
  if (response.status !== 200) throw new Error(`setup failed: ${response.status} ${JSON.stringify(response.body)}`);
}

async function viewerOf(role: Role) {
  const me = await api("GET", "/me", { role });
  return { uid: user(role).uid, permissions: me.body.data.permissions as string[] };
}

/** Tries `action` as `role` on the record; true when the Studio accepted it. */
async function accepted(kind: Kind, id: string, action: string, role: Role) {
  const response =
    action === "edit"
      ? await api("PUT", `/${kind}/intent/${id}`, { role, body: { recipient_name: "Declaration Check" } })
      : await api("POST", `/${kind}/intent/${id}/${action}`, { role, body: BODIES[action] });
  if (response.status !== 200 && ![403, 409].includes(response.status)) {
    throw new Error(`${action} as ${role}: unexpected ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.status === 200;
}

async function compare(kind: Kind, setup: Setup, everyAction: string[]) {
  for (const role of ROLES) {
    const viewer = await viewerOf(role);
    let record = await setup.make();
    const read = () => (kind === "invoice" ? getInvoice(record.id) : getPayout(record.id));
    const offered = permittedActions(kind, await read(), viewer) as string[];
    const acceptedActions: string[] = [];
    for (const action of everyAction) {
      if (await accepted(kind, record.id, action, role)) {
        acceptedActions.push(action);
        // The action changed the record: the next one is tried on a fresh record in the same status.
        record = await setup.make();
      }
    }
    expect({ role, setup: setup.label, actions: acceptedActions }).toEqual({ role, setup: setup.label, actions: offered });
  }
}

describe("the console offers exactly the actions the Studio accepts", () => {
  const invoiceActions = ["approve", "reject", "cancel", "sign", "refund", "edit"];
  const payoutActions = ["approve", "reject", "refund", "edit"];

  it.each([...invoiceSetups("finance"), ...invoiceSetups("admin")].map((setup) => [setup.label, setup] as const))(
    "invoice %s",
    async (_label, setup) => compare("invoice", setup, invoiceActions),
    120_000,
  );

  it.each([...payoutSetups("finance"), ...payoutSetups("admin")].map((setup) => [setup.label, setup] as const))(
    "payout %s",
    async (_label, setup) => compare("payout", setup, payoutActions),
    120_000,
  );

  it("a payout's creator may reject it but not approve it (the drift the console had)", async () => {
    const payout = await createPayout({ role: "admin", overrides: { payout_target_address: PAYOUT_TARGET.evm } });
    const viewer = await viewerOf("admin");
    expect(permittedActions("payout", payout, viewer)).toEqual(["reject", "edit"]);
    expect((await api("POST", `/payout/intent/${payout.id}/approve`, { role: "admin" })).status).toBe(403);
    expect((await api("POST", `/payout/intent/${payout.id}/reject`, { role: "admin", body: BODIES.reject })).status).toBe(200);
  });
});
