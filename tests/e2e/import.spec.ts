import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { readSeed, storageStatePath } from "./seed-file";

const FIXTURES = path.resolve("../shared/fixtures");

test.describe("importing as an admin", () => {
  test.use({ storageState: storageStatePath("admin") });

  test("a dropped AndroidLab run folder is previewed on its screenshots, imported as a job, and reported", async ({ page }) => {
    await page.goto("/projects/demo");
    await page.getByRole("link", { name: "Import" }).click();
    await expect(page.getByRole("heading", { name: "Import" })).toBeVisible();
    await page.screenshot({ path: "test-results/screens/import-empty.png", fullPage: true });

    await page.locator("input[webkitdirectory]").setInputFiles(path.join(FIXTURES, "androidlab-run"));
    const preview = page.getByRole("region", { name: "Import preview" });
    await expect(preview.getByLabel("Format (detected)")).toHaveValue("androidlab");
    await expect(preview.getByText("3 trajectories, 12 steps, 1 evaluation run")).toBeVisible();
    await expect(preview.locator("figure")).toHaveCount(3);
    await expect(preview.locator("figure svg image").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: "test-results/screens/import-preview.png", fullPage: true });

    await preview.getByRole("button", { name: /^Import 4 records/ }).click();
    const progress = page.getByRole("region", { name: "Import progress" });
    await expect(progress.getByText("Import finished")).toBeVisible({ timeout: 20_000 });
    await expect(progress.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    const report = page.getByLabel("Import report");
    await expect(report).toContainText("3 trajectories");
    await expect(report).toContainText("12 steps");
    await page.screenshot({ path: "test-results/screens/import-done.png", fullPage: true });
  });

  test("bad records are shown in the preview with file, line and reason before anything is written", async ({ page }) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "verity-e2e-import-"));
    const lines = [
      { type: "sample", id: "fine", image: null, image_size: [100, 100], instruction: "Tap OK", box: [10, 10, 20, 20] },
      { type: "sample", id: "outside", image: null, image_size: [100, 100], instruction: "Tap far away", box: [90, 90, 150, 150] },
      "{not json",
    ];
    writeFileSync(path.join(dir, "records.jsonl"), lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n"));
    await page.goto("/projects/demo/import");
    await page.locator("input[type=file]:not([webkitdirectory])").setInputFiles(path.join(dir, "records.jsonl"));
    const preview = page.getByRole("region", { name: "Import preview" });
    await expect(preview.getByLabel("Format (detected)")).toHaveValue("verity-jsonl");
    await expect(preview.getByText("2 samples")).toBeVisible();
    await expect(preview.getByText("records.jsonl:3")).toBeVisible();
    await expect(preview.getByText("lies outside the 100x100 image")).toBeVisible();
  });
});

test.describe("importing as an annotator", () => {
  test.use({ storageState: storageStatePath("annotator") });

  test("the import screen and its routes are refused", async ({ page, request }) => {
    const response = await page.goto("/projects/demo/import");
    expect(response?.status()).toBe(403);
    const { demoProjectId } = readSeed();
    const staging = await request.post(`/api/projects/${demoProjectId}/imports/staging`);
    expect(staging.status()).toBe(403);
    const start = await request.post(`/api/projects/${demoProjectId}/imports`, { data: { source: { kind: "server", path: "/etc" } } });
    expect(start.status()).toBe(403);
  });
});
