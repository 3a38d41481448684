// A WebVoyager trajectory that kept its clean screenshots (generated in WebVoyager's layout,
// tests/support/import-fixtures/webvoyager.ts, task "ArXiv--2"), reviewed in the "runs"
// project: the clean screenshot is shown, key m swaps in the copy with the agent's numbered
// labels and back, and the element list of a step marks the element its action names, which
// the search (key /) finds by text. Nothing here writes: other specs label these trajectories.
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { storageStatePath } from "./seed-file";

test.use({ storageState: storageStatePath("annotator") });

type StepRow = { id: string; index: number; mediaId: string; overlayMediaId: string | null; trajectoryId: string };

function arxivSteps(): StepRow[] {
  const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  try {
    return sqlite
      .prepare(`SELECT s.id, s."index", s.mediaId, s.overlayMediaId, s.trajectoryId FROM Step s JOIN Trajectory t ON t.id = s.trajectoryId JOIN Project p ON p.id = t.projectId
                 WHERE p.slug = 'runs' AND t.sourceDataset = 'webvoyager' AND t.sourceId = 'taskArXiv--2' ORDER BY s."index"`)
      .all() as StepRow[];
  } finally {
    sqlite.close();
  }
}

test("the labelled screenshot on key m, and the element a step's action names in its observation", async ({ page }) => {
  const steps = arxivSteps();
  expect(steps).toHaveLength(4);
  expect(steps.every((s) => s.overlayMediaId && s.overlayMediaId !== s.mediaId)).toBe(true);
  await page.goto(`/projects/runs/trajectories/${steps[0]!.trajectoryId}`);
  await expect(page.getByRole("list", { name: "Steps" })).toBeVisible();
  await page.locator("body").click({ position: { x: 2, y: 2 } });

  const image = page.getByRole("img", { name: "Step 1 screenshot" });
  const choice = page.getByRole("group", { name: "Screenshot shown" });
  await expect(image).toHaveAttribute("src", `/api/media/${steps[0]!.mediaId}`);
  await expect(choice.getByRole("button", { name: "Clean" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("m");
  await expect(image).toHaveAttribute("src", `/api/media/${steps[0]!.overlayMediaId}`);
  await expect(choice.getByRole("button", { name: "With the agent's labels" })).toHaveAttribute("aria-pressed", "true");
  // run.py clipped the oldest turn's text: nothing to list for step 1.
  const observation = page.getByRole("region", { name: "Observation" });
  await expect(observation).toContainText("Nothing was recorded for this step");

  // Step 2 "Type [2]; graph neural networks traffic forecasting": [2] is the search input. The choice holds.
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("img", { name: "Step 2 screenshot" })).toHaveAttribute("src", `/api/media/${steps[1]!.overlayMediaId}`);
  const named = observation.locator("li[aria-current=true]");
  await expect(named).toHaveCount(1);
  await expect(named).toContainText("[2]");
  await expect(named).toContainText('"Search..."');
  await expect(named).toContainText("this step's action");
  await expect(observation).toContainText("3 elements");
  await page.screenshot({ path: "test-results/screens/trajectory-observation.png", fullPage: true });
  for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }]) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/screens/trajectory-labelled-${size.width}x${size.height}.png` });
    await observation.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/trajectory-observation-${size.width}x${size.height}.png` });
  }

  await page.keyboard.press("/");
  const search = observation.getByRole("searchbox", { name: "Search the elements" });
  await expect(search).toBeFocused();
  await page.keyboard.type("login");
  await expect(observation).toContainText("1 of 3 elements match");
  await expect(observation.getByRole("listitem")).toHaveText([/\[1\].*"Login"/]);
  // Keys typed into the search are not shortcuts: the screenshot did not switch back.
  await expect(page.getByRole("img", { name: "Step 2 screenshot" })).toHaveAttribute("src", `/api/media/${steps[1]!.overlayMediaId}`);
  await page.keyboard.press("Escape");
  await page.keyboard.press("m");
  await expect(page.getByRole("img", { name: "Step 2 screenshot" })).toHaveAttribute("src", `/api/media/${steps[1]!.mediaId}`);
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toHaveCount(0);
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toContainText("the screenshot with the agent's numbered labels / the clean one");
  await expect(help).toContainText("search the elements the agent was shown");
});
