// Issue 35's formats through the import screen, as an admin drops each folder: UI-Venus's own
// Venus_framework episodes (both policies, with a foreign class, a truncated pickle and a bomb
// beside them), an AndroidWorld run (with a truncated file and an unexpected class), UI-Venus-2's
// example output, and an OSWorld run of UI-TARS that types by pasting. Each is detected, imported
// as a job, and reported; what is refused is named with its file. The data is generated in each
// real layout (tests/support); the pickles by python3 (on every machine; the writers say so
// plainly when it is missing, rather than the spec passing without having run).
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { storageStatePath } from "./seed-file";
import { FORMATS_SLUG } from "./seed-formats-file";
import { VENUS_BAD, writeVenusFrameworkRun } from "../support/import-fixtures/venus-framework";
import { writeAndroidWorldRun } from "../support/import-fixtures/android-world";
import { writeVenus2Runs } from "../support/fixtures/ui-venus2-fixture";
import { writeUitarsOsworldFixture } from "../support/fixtures/osworld-uitars-fixture";

test.use({ storageState: storageStatePath("admin") });

async function importFolder(page: Page, root: string, format: string) {
  await page.goto(`/projects/${FORMATS_SLUG}/import`);
  await page.locator("input[webkitdirectory]").setInputFiles(root);
  const preview = page.getByRole("region", { name: "Import preview" });
  await expect(preview.getByLabel("Format (detected)")).toHaveValue(format, { timeout: 60_000 });
  await preview.getByRole("button", { name: /^Import \d+/ }).click();
  const progress = page.getByRole("region", { name: "Import progress" });
  await expect(progress.getByText("Import finished")).toBeVisible({ timeout: 120_000 });
  return page.getByLabel("Import report");
}

test("UI-Venus episodes, an AndroidWorld run, UI-Venus-2's output and a UI-TARS OSWorld run import through the screen; refused files are named", async ({ page }) => {
  test.setTimeout(600_000);
  const venus = mkdtempSync(path.join(os.tmpdir(), "verity-e2e-venus-"));
  await writeVenusFrameworkRun(venus, { withBad: true });
  let report = await importFolder(page, venus, "ui-venus-framework");
  await expect(report).toContainText("3 trajectories");
  for (const bad of [VENUS_BAD.foreignClass, VENUS_BAD.truncated, VENUS_BAD.bomb]) await expect(report).toContainText(`${bad}/trajectory.pkl.gz`);
  await page.screenshot({ path: "test-results/screens/import-venus-framework.png", fullPage: true });

  report = await importFolder(page, await writeAndroidWorldRun({ broken: true }), "androidworld");
  await expect(report).toContainText("4 trajectories");
  await expect(report).toContainText("BrowseTruncated_0.pkl.gz");
  await expect(report).toContainText("android_world.env.interface.State");

  report = await importFolder(page, await writeVenus2Runs(), "ui-venus-2-run");
  await expect(report).toContainText("2 trajectories");

  report = await importFolder(page, await writeUitarsOsworldFixture(), "osworld");
  await expect(report).toContainText("1 trajectory");
});
