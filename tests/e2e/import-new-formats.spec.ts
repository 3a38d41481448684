// Issue 35's formats through the import screen, as an admin drops each folder: UI-Venus's own
// Venus_framework episodes (both policies, with a foreign class, a truncated pickle and a bomb
// beside them), an AndroidWorld run (with a truncated file and an unexpected class), UI-Venus-2's
// example output, and an OSWorld run of UI-TARS that types by pasting. Each is detected, imported
// as a job, and reported; what is refused is named with its file. The data is generated in each
// real layout (tests/support); the pickles by python3 (on every machine; the writers say so
// plainly when it is missing, rather than the spec passing without having run). Then the
// Venus episodes on the screens: the list filtered by termination reason, one episode's steps
// labelled by keyboard, and the reflection supervisor's disagreements with those labels in
// triage and in the calibration's step-level judges.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { storageStatePath } from "./seed-file";
import { FORMATS_SLUG } from "./seed-formats-file";
import { VENUS_BAD, VENUS_EPISODES, writeVenusFrameworkRun } from "../support/import-fixtures/venus-framework";
import { writeAndroidWorldRun } from "../support/import-fixtures/android-world";
import { writeVenus2Runs } from "../support/fixtures/ui-venus2-fixture";
import { writeUitarsOsworldFixture } from "../support/fixtures/osworld-uitars-fixture";

test.use({ storageState: storageStatePath("admin") });
// The second test works on what the first imports.
test.describe.configure({ mode: "serial" });

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

function trajectoryId(sourceId: string): string {
  const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  try {
    const row = sqlite.prepare(`SELECT t.id FROM Trajectory t JOIN Project p ON p.id = t.projectId WHERE p.slug = ? AND t.sourceId = ?`).get(FORMATS_SLUG, sourceId) as { id: string };
    return row.id;
  } finally {
    sqlite.close();
  }
}

test("the Venus episodes on the screens: filtered by how they ended, one labelled, the supervisor's disagreements in triage and calibration", async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto(`/projects/${FORMATS_SLUG}/trajectories`);
  const filters = page.getByRole("form", { name: "Filters" });
  await filters.getByLabel("Termination reason").selectOption("call_user");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/termination=call_user/);
  await expect(page.getByRole("link", { name: "搜索杭州天气" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open Settings and search wifi" })).toHaveCount(0);
  await page.screenshot({ path: "test-results/screens/trajectories-termination.png", fullPage: true });

  // UI-Venus-2's episode: the supervisor accepted steps 1, 2 and 5 (step 3's last word rejected
  // a proposal that never ran, step 4's was a default). Every step correct but the second and
  // the last, labelled incorrect: steps 2 and 5 disagree.
  const id = trajectoryId(VENUS_EPISODES.v2);
  await page.goto(`/projects/${FORMATS_SLUG}/trajectories/${id}`);
  await expect(page.getByRole("list", { name: "Steps" })).toBeVisible();
  await page.locator("body").click({ position: { x: 2, y: 2 } });
  for (let i = 0; i < 5; i++) await page.keyboard.press("c");
  for (const index of [1, 4]) {
    await page.keyboard.press("Home");
    for (let i = 0; i < index; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("x");
  }
  await page.keyboard.press("f");
  await page.keyboard.press("Control+Enter");
  await expect(page).not.toHaveURL(new RegExp(id));

  await page.goto(`/projects/${FORMATS_SLUG}/triage`);
  const candidates = page.getByTestId("triage-candidate");
  await expect(candidates).toHaveCount(2);
  await expect(candidates.filter({ hasText: "step 2 of a trajectory" })).toContainText("ui-venus-reflection-supervisor correct · human incorrect");
  await expect(candidates.filter({ hasText: "step 5 of a trajectory" })).toContainText("ui-venus-reflection-supervisor correct · human incorrect");
  await expect(candidates.first().getByTestId("impact")).toHaveText("0.20");
  await page.screenshot({ path: "test-results/screens/triage-step-judge.png", fullPage: true });

  // A triage queue of them; its first item shows the step and overrides to the other value.
  const form = page.getByRole("form", { name: "New triage queue" });
  await form.getByLabel("Name").fill("Venus steps");
  await form.getByRole("button", { name: "Create triage queue" }).click();
  await expect(form.getByRole("status")).toContainText('Triage queue "Venus steps" created with 2 items.');
  await page.getByRole("button", { name: "Start Venus steps" }).click();
  await expect(page.getByRole("heading", { name: "搜索杭州天气" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Step of a trajectory" })).toContainText(/Step [25] of 5/);
  await expect(page.getByRole("img", { name: "Screen the action was taken on screenshot" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Override to incorrect/ })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/triage-step-decision.png", fullPage: true });

  await page.goto(`/projects/${FORMATS_SLUG}/calibration`);
  const steps = page.getByTestId("step-judge-calibration");
  await expect(steps.getByRole("heading", { name: "Step-level judges" })).toBeVisible();
  await expect(steps.getByRole("table", { name: "Confusion of ui-venus-reflection-supervisor" })).toBeVisible();
  await expect(steps).toContainText("ui-venus-reflection-supervisor");
  await page.screenshot({ path: "test-results/screens/calibration-step-judge.png", fullPage: true });
});
