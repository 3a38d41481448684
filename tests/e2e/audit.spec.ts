import { expect, test } from "@playwright/test";
import { storageStatePath } from "./seed-file";

test.describe("the audit log", () => {
  test.use({ storageState: storageStatePath("owner") });

  test("shows who did what in the project, and filters by action", async ({ page }) => {
    await page.goto("/projects/runs/audit");
    await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "import.finish" }).first()).toBeVisible();
    await page.getByLabel("Action").selectOption("import");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/action=import/);
    const actions = await page.locator("tbody tr td:nth-child(3)").allTextContents();
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.every((a) => a.startsWith("import."))).toBe(true);
    await page.screenshot({ path: "test-results/screens/audit.png", fullPage: true });
  });
});

test.describe("the audit log as an annotator", () => {
  test.use({ storageState: storageStatePath("annotator") });

  test("is refused", async ({ page }) => {
    const response = await page.goto("/projects/runs/audit");
    expect(response?.status()).toBe(403);
  });
});
