// The /chains page: what an admin reconciles (each chain's mode, treasury, sends, the ledger per
// token) is what GET /chains says, at desktop and phone widths with no axe violations; people
// who do not manage the organization are told the page is not theirs.
import { expect, test } from "./fixtures";
import { axeViolations, studio } from "./support";

type ChainStatus = { id: string; name: string; mode: string; treasury_address: string | null };

for (const width of [1280, 390]) {
  test(`an admin sees each chain as the API reports it, without axe violations, at ${width} px`, async ({ as }) => {
    const chains = await studio<ChainStatus[]>("GET", "/chains", "viewer");
    const arb = chains.find((chain) => chain.id === "arb")!;
    expect(arb.mode).toBe("sandbox");

    const { page } = await as("admin");
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/chains");
    await expect(page.getByRole("heading", { name: "Chains", level: 1 })).toBeVisible();
    const card = page.getByRole("region", { name: "Arbitrum One (arb)" });
    await expect(card).toContainText("Sandbox");
    await expect(card).toContainText(arb.treasury_address!);
    for (const chain of chains) await expect(page.getByRole("heading", { name: `${chain.name} (${chain.id})` })).toBeVisible();

    expect(await axeViolations(page, { state: `/chains @${width}px` })).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
}

test("someone without org:manage has no Chains link and is told the page is not theirs", async ({ as }) => {
  const { page } = await as("finance");
  await page.goto("/invoices");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Chains" })).toHaveCount(0);
  await page.goto("/chains");
  await expect(page.getByText("Only people who manage the organization see its chains.")).toBeVisible();
});
