// Pools end to end: an admin creates a pool with a local target (a bad target first, refused
// with a message that says why), previews its first rows drawn on their screenshots, exports
// it with the progress bar, finds the snapshot in the history and downloads its manifest and
// data file, and compares the pool with latest (nothing changed); a reviewer sees the pools
// without the admin controls, an annotator is refused the screen.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { storageStatePath } from "./seed-file";
import { readPoolsSeed } from "./seed-pools-file";

test.describe("as an admin", () => {
  test.use({ storageState: storageStatePath("admin") });

  test("creates a pool, exports it, sees the snapshot in its history and downloads the manifest", async ({ page }) => {
    const { poolsRoot } = readPoolsSeed();
    const name = `e2e-${Date.now().toString(36)}`;
    await page.goto("/projects/pools");
    await page.getByRole("navigation", { name: "Work" }).getByRole("link", { name: "Pools" }).click();
    await expect(page.getByRole("heading", { name: "Pools", level: 1 })).toBeVisible();

    const form = page.getByRole("form", { name: "New pool" });
    await form.getByLabel("Name").fill(name);
    // The directory follows the name under the first pool root until it is typed in.
    await expect(form.getByLabel("Directory (absolute path)")).toHaveValue(path.join(poolsRoot, name));
    await form.getByLabel("Profile (the framework that reads it)").selectOption("ms-swift");
    await form.getByLabel("Directory (absolute path)").fill("/etc/verity-pool");
    await form.getByRole("button", { name: "Create pool" }).click();
    await expect(form.getByRole("alert")).toContainText("must be inside one of the pool roots");

    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Directory (absolute path)").fill(path.join(poolsRoot, name));
    // A new pool leaves out the discard tier as a filter the admin sees and can untick (issue 36
    // item 6); this one takes every tier, so the seeded sample scored 2 (discard) is in it.
    for (const tier of ["gold", "rewrite", "unscored"]) await expect(form.getByRole("checkbox", { name: tier, exact: true })).toBeChecked();
    await expect(form.getByRole("checkbox", { name: "discard", exact: true })).not.toBeChecked();
    await expect(form.getByText("The discard tier is left out; tick it to include those samples.")).toBeVisible();
    await form.getByRole("checkbox", { name: "discard", exact: true }).check();
    await form.getByRole("button", { name: "Create pool" }).click();
    await expect(form.getByRole("status")).toContainText(`Pool ${name} created.`);

    const card = page.getByRole("article", { name: `Pool ${name}` });
    await expect(card.getByTestId("pending")).toHaveText("4");
    await expect(card.getByText("No snapshots yet.")).toBeVisible();
    // The rows as the trainer will read them, before anything is written.
    const inspect = card.getByRole("region", { name: `Inspect ${name}` });
    await inspect.getByRole("button", { name: "Preview the next rows" }).click();
    const next = inspect.getByRole("list", { name: "Next rows" });
    await expect(next.getByRole("article")).toHaveCount(4);
    await expect(next.getByText("Target absent: the answer is [-1,-1]")).toHaveCount(1);
    await expect(next.getByRole("img", { name: /^Screenshot of row / }).first()).toBeVisible();
    await page.screenshot({ path: "test-results/screens/pools-before-export.png", fullPage: true });
    await inspect.getByRole("button", { name: "Close" }).click();

    await card.getByRole("button", { name: `Full export of ${name}` }).click();
    await expect(card.getByRole("progressbar")).toBeVisible();
    await expect(card.getByText("Export finished")).toBeVisible({ timeout: 20_000 });
    const history = card.getByRole("table", { name: "Snapshot history" });
    await expect(history.getByText("complete")).toBeVisible();
    await expect(card.getByTestId("pending")).toHaveText("0");
    const snapshotId = (await history.locator("tbody tr td").first().textContent())!.trim();
    expect(snapshotId).toMatch(/^\d{8}T\d{6}\.\d{3}Z-[0-9a-f]{8}$/);

    await history.getByRole("button", { name: `Open snapshot ${snapshotId}` }).click();
    const details = card.getByLabel(`Manifest of ${snapshotId}`);
    await expect(details.getByRole("link", { name: "grounding.jsonl" })).toBeVisible();
    await expect(details.getByText("rows 4")).toBeVisible();
    await page.screenshot({ path: "test-results/screens/pools-snapshot.png", fullPage: true });

    const manifestDownload = page.waitForEvent("download");
    await details.getByRole("link", { name: "manifest.json" }).click();
    const manifest = JSON.parse(readFileSync((await (await manifestDownload).path())!, "utf8")) as { snapshotId: string; counts: Record<string, number>; files: { name: string }[]; revisionIds: string[] };
    expect(manifest.snapshotId).toBe(snapshotId);
    expect(manifest.counts).toMatchObject({ rows: 4, "grounding.jsonl": 4, images: 1 });
    expect(manifest.files.map((f) => f.name)).toContain("grounding.jsonl");
    expect(manifest.revisionIds).toHaveLength(4);

    const dataDownload = page.waitForEvent("download");
    await details.getByRole("link", { name: "grounding.jsonl" }).click();
    const lines = readFileSync((await (await dataDownload).path())!, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { solution: string });
    expect(lines).toHaveLength(4);
    expect(lines.filter((l) => (JSON.parse(l.solution) as { refusal: boolean; answer: number[] }).refusal)).toHaveLength(1);
    // What the target holds is what was downloaded.
    expect(readFileSync(path.join(poolsRoot, name, "latest"), "utf8")).toBe(snapshotId);

    // Nothing changed since: an export now would add, change and remove nothing.
    await inspect.getByRole("button", { name: "Compare with latest" }).click();
    const diff = inspect.getByLabel("Changes against latest");
    await expect(diff).toContainText(`Against ${snapshotId}`);
    for (const kind of ["added", "updated", "removed"]) await expect(diff.getByTestId(`diff-${kind}`)).toHaveText("0");
    await expect(page.getByRole("button", { name: `Export changes to ${name}` })).toBeEnabled();
    await page.screenshot({ path: "test-results/screens/pools-diff.png", fullPage: true });
  });

  test("a navigation pool can leave the agent's thoughts out of its history lines (issue 36 item 3)", async ({ page }) => {
    const { poolsRoot } = readPoolsSeed();
    const name = `e2e-nav-${Date.now().toString(36)}`;
    await page.goto("/projects/pools/pools");
    const form = page.getByRole("form", { name: "New pool" });
    const omit = form.getByRole("checkbox", { name: /Leave the agent's thoughts out of the history lines/ });
    // A grounding pool has no history; a navigation pool with a UI-Venus template does.
    await expect(omit).toHaveCount(0);
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Kind").selectOption("navigation");
    await expect(omit).toBeVisible();
    await expect(omit).not.toBeChecked();
    await form.getByLabel("Directory (absolute path)").fill(path.join(poolsRoot, name));
    await omit.check();
    await page.screenshot({ path: "test-results/screens/pools-navigation-form.png", fullPage: true });
    await form.getByRole("button", { name: "Create pool" }).click();
    await expect(form.getByRole("status")).toContainText(`Pool ${name} created.`);
    await expect(page.getByRole("article", { name: `Pool ${name}` }).getByText("history without thoughts")).toBeVisible();
  });
});

test.describe("as a reviewer", () => {
  test.use({ storageState: storageStatePath("reviewer") });

  test("sees the pools and their snapshots, without export, create or delete controls", async ({ page }) => {
    const response = await page.goto("/projects/pools/pools");
    expect(response?.status()).toBe(200);
    const card = page.getByRole("article", { name: "Pool matrix-snapshot" });
    await expect(card.getByRole("table", { name: "Snapshot history" }).getByText("complete")).toBeVisible();
    await expect(page.getByRole("button", { name: /Full export/ })).toHaveCount(0);
    await expect(page.getByRole("form", { name: "New pool" })).toHaveCount(0);
    await expect(page.getByText("Change or delete this pool")).toHaveCount(0);
    await page.screenshot({ path: "test-results/screens/pools-reviewer.png", fullPage: true });
  });
});

test.describe("as an annotator", () => {
  test.use({ storageState: storageStatePath("annotator") });

  test("the pools screen answers 403", async ({ page }) => {
    const response = await page.goto("/projects/pools/pools");
    expect(response?.status()).toBe(403);
  });
});
