// Issue 35 item 6: ScreenSpot-Pro's own results file names no model. The preview asks for it
// in its Model field, highlighted, with the file's name already there and the file read with
// that name, so one click on Import imports it under that name (which the run then carries).
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { storageStatePath } from "./seed-file";
import { proSamples, writeScreenSpotProImages, writeScreenSpotProResults } from "../support/import-fixtures/screenspot-pro";

test.use({ storageState: storageStatePath("admin") });

test("a results file that names no model is previewed with its file name as the model, and Import proceeds with it", async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verity-e2e-unnamed-"));
  const stem = `qwen2vl-${Date.now().toString(36)}`;
  await writeScreenSpotProResults(path.join(dir, `${stem}.json`));
  await writeScreenSpotProImages(path.join(dir, "images"), proSamples());
  await page.goto("/projects/demo/import");
  await page.locator("input[webkitdirectory]").setInputFiles(dir);

  const preview = page.getByRole("region", { name: "Import preview" });
  await expect(preview.getByLabel("Format (detected)")).toHaveValue("grounding-results");
  const field = preview.getByLabel("Model of the results");
  await expect(field).toHaveValue(stem);
  await expect(field).toHaveAccessibleDescription(new RegExp(`^${stem}\\.json names no model, so its answers would be refused`));
  await expect(preview.getByText(/records would be rejected/)).toHaveCount(0);
  const n = proSamples().length;
  await expect(preview.getByTestId("import-counts")).toContainText(new RegExp(`${n} predictions, 1 evaluation run`));
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: "test-results/screens/import-model-proposed.png", fullPage: true });

  await preview.getByRole("button", { name: /^Import \d+ / }).click();
  await expect(page.getByText("Import finished")).toBeVisible({ timeout: 30_000 });
  await page.goto("/projects/demo");
  await expect(page.getByRole("link", { name: `${stem} · ${stem}` })).toBeVisible();
});
