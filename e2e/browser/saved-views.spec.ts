// Saved views (issue 27): a person saves a list's filters and sort under a name, and gets them back
// in one click after signing out and in again (the Studio keeps them, not the browser).
import { expect, test } from "./fixtures";
import { SignInPage } from "./pages/sign-in-page";
import { axeViolations, keepScreenshot, person } from "./support";

test("a saved view survives signing out, and opens the list as it was saved", async ({ as }, testInfo) => {
  const { page } = await as("viewer", { ownSession: true });
  await page.goto("/payouts?status_category=completed&sort=-amount&page=2");
  await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Saved views" }).click();
  const dialog = page.getByRole("dialog", { name: "Saved views of payouts" });
  await expect(dialog).toContainText("No saved views yet");
  await dialog.getByLabel("Save the current filters and sort as").fill("Largest completed");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("link", { name: "Largest completed" })).toBeVisible();
  // The same name again is refused, said in the dialog.
  await dialog.getByLabel("Save the current filters and sort as").fill("Largest completed");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toContainText("already have a view named");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await axeViolations(page, { state: `saved views @${width}px`, within: "dialog[open]" })).toEqual([]);
    await keepScreenshot(page, { path: testInfo.outputPath(`saved-views-${width}.png`) });
  }
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  const viewer = person("viewer");
  await new SignInPage(page).signIn(viewer.email, viewer.password);
  await page.goto("/payouts");
  await page.getByRole("button", { name: "Saved views (1)" }).click();
  await page.getByRole("dialog", { name: "Saved views of payouts" }).getByRole("link", { name: "Largest completed" }).click();
  // The filters and sort, not the page it was saved on.
  await expect(page).toHaveURL(/\/payouts\?sort=-amount&status_category=completed$/);
  await expect(page.getByRole("link", { name: /Completed/ }).first()).toHaveAttribute("aria-current", "page");

  await page.getByRole("button", { name: "Saved views (1)" }).click();
  await page.getByRole("button", { name: "Delete view Largest completed" }).click();
  await expect(page.getByRole("dialog", { name: "Saved views of payouts" })).toContainText("No saved views yet");
});
