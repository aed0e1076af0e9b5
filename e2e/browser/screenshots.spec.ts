import { expect, test } from "./fixtures";
import { createInvoice, studio } from "./support";

// Screenshots of list, detail and form at desktop and phone widths (kept in the test output folder),
// each taken once the page shows its real content.
for (const width of [1280, 390]) {
  test(`list, detail and form render at ${width} px`, async ({ as }, testInfo) => {
    const invoice = await createInvoice();
    await studio("POST", `/invoice/intent/${invoice.id}/approve`, "approver", {});
    const admin = await as("admin");
    await admin.page.setViewportSize({ width, height: 900 });

    await admin.list.goto();
    await expect(admin.list.rows.first()).toBeVisible();
    await admin.page.screenshot({ path: testInfo.outputPath(`list-${width}.png`), fullPage: true });

    await admin.detail.goto(invoice.id);
    await expect(admin.page.getByRole("img", { name: /QR code/ }).locator("svg")).toBeVisible();
    await expect(admin.detail.timelineEntries()).toHaveCount(2);
    await admin.page.screenshot({ path: testInfo.outputPath(`detail-${width}.png`), fullPage: true });

    await admin.form.gotoNew();
    await admin.form.fillItems([
      { name: "Design work", quantity: "2", unitPrice: "50", tax: "5" },
      { name: "Hosting", quantity: "1", unitPrice: "19.99" },
    ]);
    await expect(admin.form.total()).toHaveText("124.99 USD");
    await admin.page.screenshot({ path: testInfo.outputPath(`form-${width}.png`), fullPage: true });

    const overflow = await admin.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
