import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test } from "@playwright/test";
import { readSeed, storageStatePath } from "./seed-file";
import { generatedFixtures } from "../support/import-fixtures";
import { proSamples, writeScreenSpotProImages, writeScreenSpotProResults } from "../support/import-fixtures/screenspot-pro";

test.describe("importing as an admin", () => {
  test.use({ storageState: storageStatePath("admin") });

  test("a dropped AndroidLab run folder is previewed on its screenshots, imported as a job, and reported", async ({ page }) => {
    await page.goto("/projects/demo");
    await page.getByRole("link", { name: "Import" }).click();
    await expect(page.getByRole("heading", { name: "Import" })).toBeVisible();
    await page.screenshot({ path: "test-results/screens/import-empty.png", fullPage: true });
    // The worked example, its template download and the zip layout, next to the schema.
    await page.getByText("Verity JSONL: a worked example").click();
    await expect(page.getByLabel("Zip layout")).toContainText("records.jsonl");
    const template = await page.request.get("/api/schemas/verity-import?example=jsonl");
    expect(template.headers()["content-disposition"]).toContain("verity-example.jsonl");
    expect((await template.text()).trimEnd().split("\n").map((l) => JSON.parse(l).type)).toContain("annotation");
    await page.screenshot({ path: "test-results/screens/import-example.png", fullPage: true });
    await page.getByText("Verity JSONL: a worked example").click();

    await page.locator("input[webkitdirectory]").setInputFiles(path.join(await generatedFixtures(), "androidlab-run"));
    const preview = page.getByRole("region", { name: "Import preview" });
    await expect(preview.getByLabel("Format (detected)")).toHaveValue("androidlab");
    await expect(preview.getByText("3 trajectories, 12 steps, 1 evaluation run")).toBeVisible();
    await expect(preview.locator("figure")).toHaveCount(3);
    await expect(preview.locator("figure svg image").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: "test-results/screens/import-preview.png", fullPage: true });

    await preview.getByRole("button", { name: "Import 3 trajectories, 1 evaluation run", exact: true }).click();
    const progress = page.getByRole("region", { name: "Import progress" });
    await expect(progress.getByText("Import finished")).toBeVisible({ timeout: 20_000 });
    await expect(progress.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    const report = page.getByLabel("Import report");
    await expect(report).toContainText("3 trajectories");
    await expect(report).toContainText("12 steps");
    await page.screenshot({ path: "test-results/screens/import-done.png", fullPage: true });
    // The report leads to what it imported: the run, and from it the three episodes.
    await report.getByRole("navigation", { name: "What was imported" }).getByRole("link", { name: /^Run / }).click();
    await expect(page).toHaveURL(/\/projects\/demo\/runs\/[a-z0-9]+$/);
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
    await expect(preview.getByTestId("import-counts")).toContainText("2 samples");
    await expect(preview.getByText("records.jsonl:3")).toBeVisible();
    await expect(preview.getByText("lies outside the 100x100 image")).toBeVisible();
  });
});

test.describe("importing several formats, results and unknown folders as an admin", () => {
  test.use({ storageState: storageStatePath("admin") });

  test("a folder holding three formats is previewed as such and imported in one job with a report per format", async ({ page }) => {
    await page.goto("/projects/demo/import");
    await page.locator("input[webkitdirectory]").setInputFiles(path.join(await generatedFixtures(), "ui-venus"));
    const preview = page.getByRole("region", { name: "Import preview" });
    const found = preview.getByLabel("Formats found");
    await expect(found).toContainText("3 formats found");
    await expect(found).toContainText("UI-Venus navigation trace");
    // The results file names no model: the field proposes the file's name, says why, and the
    // preview reads the file with it; another name is read again on request.
    await expect(preview.getByLabel("Model of the results")).toHaveValue("grounding_result_format");
    await expect(preview.getByText(/grounding_result_format\.json names no model/)).toBeVisible();
    await expect(preview.getByText(/records would be rejected/)).toHaveCount(0);
    await preview.getByLabel("Model of the results").fill("UI-Venus-7B");
    await preview.getByRole("button", { name: "Read again with this model" }).click();
    await expect(preview.getByLabel("Model of the results")).toHaveValue("UI-Venus-7B");
    await expect(preview.getByText(/names no model/)).toHaveCount(0);
    await expect(preview.getByText(/2 samples, 1 prediction, 1 trajectory, 4 steps, 1 evaluation run/)).toBeVisible();
    await page.screenshot({ path: "test-results/screens/import-several-formats.png", fullPage: true });
    await preview.getByRole("button", { name: /^Import \d+ / }).click();
    const progress = page.getByRole("region", { name: "Import progress" });
    await expect(progress.getByText("Import finished")).toBeVisible({ timeout: 20_000 });
    const perFormat = page.getByRole("table", { name: "Report per format" });
    await expect(perFormat.getByRole("row")).toHaveCount(4);
    await expect(perFormat).toContainText("grounding-results");
    await expect(page.getByRole("navigation", { name: "What was imported" }).getByRole("link", { name: /^Samples of / }).first()).toBeVisible();
    await page.screenshot({ path: "test-results/screens/import-several-formats-done.png", fullPage: true });
  });

  test("a results file becomes a run whose accuracy per app is shown, and a metrics block that does not hold is reported", async ({ page }) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "verity-e2e-results-"));
    const model = `e2e-${Date.now().toString(36)}`;
    await writeScreenSpotProResults(path.join(dir, "results.json"), { model, metrics: "off-by-one" });
    await writeScreenSpotProImages(path.join(dir, "images"), proSamples());
    await page.goto("/projects/demo/import");
    await page.locator("input[webkitdirectory]").setInputFiles(dir);
    const preview = page.getByRole("region", { name: "Import preview" });
    await expect(preview.getByLabel("Format (detected)")).toHaveValue("grounding-results");
    await preview.getByRole("button", { name: /^Import \d+ / }).click();
    await expect(page.getByText("Import finished")).toBeVisible({ timeout: 20_000 });
    const report = page.getByLabel("Import report");
    await expect(report).toContainText("Figures the source's own files state that the imported records do not reproduce (2)");
    await expect(report).toContainText('leaderboard_detailed_style["app:excel"].num_correct_action');

    await page.goto("/projects/demo");
    await page.getByRole("link", { name: `${model} · results` }).click();
    await expect(page.getByTestId("grounding-accuracy")).toContainText(`/${proSamples().length}`);
    await expect(page.getByTestId("metrics-check")).toHaveText("2 figures differ from the imported answers");
    const perApp = page.getByRole("region", { name: "Accuracy per app" });
    await expect(perApp.getByRole("row")).toHaveCount(3);
    await expect(perApp).toContainText("blender");
    await expect(page.getByRole("region", { name: "Accuracy per UI type" })).toContainText("icon");
    await page.screenshot({ path: "test-results/screens/grounding-run.png", fullPage: true });
  });

  test("a folder of a format Verity does not read ends as a failed import that says why", async ({ page }) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "verity-e2e-unknown-"));
    mkdirSync(path.join(dir, "screens"));
    for (let i = 0; i < 2; i++) writeFileSync(path.join(dir, "screens", `s${i}.png`), await sharp({ create: { width: 30, height: 60, channels: 3, background: `#a0${i}0b0` } }).png().toBuffer());
    writeFileSync(path.join(dir, "episodes.json"), JSON.stringify({ episodes: [{ id: 1, steps: [] }] }));
    await page.goto("/projects/demo/import");
    await page.locator("input[webkitdirectory]").setInputFiles(dir);
    const preview = page.getByRole("region", { name: "Import preview" });
    await expect(preview.getByLabel("Format (detected)")).toHaveValue("images");
    await preview.getByRole("button", { name: /^Import \d+ / }).click();
    const progress = page.getByRole("region", { name: "Import progress" });
    await expect(progress.getByText("Import failed")).toBeVisible({ timeout: 20_000 });
    await expect(progress.getByRole("alert")).toContainText("Nothing was imported: no records file of a known format was found");
    await expect(page.getByLabel("Import report")).toContainText("not a records file of a format Verity reads");
    await page.screenshot({ path: "test-results/screens/import-unknown-folder.png", fullPage: true });
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
