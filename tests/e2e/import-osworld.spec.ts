// An admin drops a generated OSWorld results folder (tests/support/fixtures/osworld-fixture.ts,
// the real on-disk layout) on the import screen: the format is detected, the preview draws
// actions on the screenshots they were performed on, the import runs as a job, and the
// imported trajectory shows its desktop actions (a right click, a drag) on review.
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { storageStatePath } from "./seed-file";
import { OSWORLD_IDS, writeOsworldFixture } from "../support/fixtures/osworld-fixture";

test.use({ storageState: storageStatePath("admin") });

function trajectoryId(sourceIdSuffix: string): string {
  const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  try {
    const row = sqlite
      .prepare(`SELECT t.id FROM Trajectory t JOIN Project p ON p.id = t.projectId WHERE p.slug = 'demo' AND t.sourceDataset = 'osworld' AND t.sourceId LIKE ?`)
      .get(`%${sourceIdSuffix}`) as { id: string } | undefined;
    if (!row) throw new Error(`no OSWorld trajectory ending in ${sourceIdSuffix}`);
    return row.id;
  } finally {
    sqlite.close();
  }
}

test("an OSWorld results folder is detected, previewed on its screenshots and imported; its right click and drag show on review", async ({ page }) => {
  test.setTimeout(240_000);
  const root = await writeOsworldFixture();
  await page.goto("/projects/demo/import");
  await page.locator("input[webkitdirectory]").setInputFiles(root);

  const preview = page.getByRole("region", { name: "Import preview" });
  await expect(preview.getByLabel("Format (detected)")).toHaveValue("osworld", { timeout: 30_000 });
  await expect(preview.getByText("5 trajectories, 21 steps, 2 evaluation runs")).toBeVisible();
  await expect(preview.locator("figure")).toHaveCount(5);
  await expect(preview.getByText("step 3: scroll(down ×5)")).toBeVisible();
  await expect(preview.getByText("step 1: drag(100, 100 -> 500, 400)")).toBeVisible();
  await expect(preview.getByText("Open example.org in the browser and scroll to the bottom of the page.")).toBeVisible();
  await expect(preview.locator("figure svg image").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: "test-results/screens/import-osworld-preview.png", fullPage: true });

  await preview.getByRole("button", { name: "Import 5 trajectories, 2 evaluation runs", exact: true }).click();
  const progress = page.getByRole("region", { name: "Import progress" });
  await expect(progress.getByText("Import finished")).toBeVisible({ timeout: 60_000 });
  const report = page.getByLabel("Import report");
  await expect(report).toContainText("5 trajectories");
  await expect(report).toContainText("21 steps");

  await page.goto(`/projects/demo/trajectories/${trajectoryId(OSWORLD_IDS.messy)}`);
  await expect(page.getByRole("list", { name: "Steps" })).toBeVisible();
  await page.locator("body").click({ position: { x: 2, y: 2 } });
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText("drag", { exact: true })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: "test-results/screens/review-osworld-drag.png", fullPage: true });
});
