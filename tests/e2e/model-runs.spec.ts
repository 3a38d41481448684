// Model runs from the screens: an admin adds a connection to an OpenAI-compatible server (the
// stand-in, which checks every request as vLLM would and demands the key), goes from the sample
// list's filter to the launch form with "Run a model on these N", starts a UI-Venus-1.5
// grounding run, watches it finish on the run's page, finds the model's answer on the sample's
// review screen with hit or miss, and starts the identical run again: every answer comes from
// the cache, no request is sent. Reviewers may read a run but not steer it; annotators are
// refused the launch form.
import { expect, test } from "@playwright/test";
import { storageStatePath } from "./seed-file";
import { readModelRunsSeed } from "./seed-model-runs-file";
import { startOpenAiStandIn, type OpenAiStandIn } from "../support/openai-stand-in";

const KEY = "sk-e2e-runs-1";
const MODEL = "ui-venus-1.5-7b";
// The demo's samples with a screenshot (its one sample without is left out: it could only fail).
const FILTER = "source=verity-demo&imageMissing=no";
const REWRITE = "Open the display settings from the gear icon";

test.describe("model runs as an admin", () => {
  test.use({ storageState: storageStatePath("admin") });
  let server: OpenAiStandIn;

  test.beforeAll(async () => {
    // The quality teacher (its system message says so) answers with a score and a rewrite; every
    // grounding request with a point.
    server = await startOpenAiStandIn({
      models: [MODEL], apiKey: KEY,
      reply: (req) => ({ content: req.text.includes("quality teacher") ? JSON.stringify({ score: 5, reasons: "the gear icon is the right target but the wording is vague", rewrite: REWRITE }) : "[500,500]" }),
    });
  });
  test.afterAll(async () => {
    await server?.close();
  });

  test("runs a grounding model on the list's samples, shows its answers, and a second identical run asks nothing", async ({ page }) => {
    test.setTimeout(300_000);
    const name = `runs-e2e-${Date.now().toString(36)}`;
    const output = `${name} · ui-venus-1.5-grounding@v1`;

    // The connection, as an admin adds one on the connections screen.
    await page.goto("/projects/demo/models");
    const add = page.getByRole("form", { name: "New connection" });
    await add.getByLabel("Name", { exact: true }).fill(name);
    await add.getByLabel("Base URL", { exact: true }).fill(server.url);
    await add.getByLabel("Model name", { exact: true }).fill(MODEL);
    await add.getByLabel("API key", { exact: true }).fill(KEY);
    await add.getByRole("button", { name: "Add connection" }).click();
    await expect(add.getByRole("status")).toHaveText(`Connection ${name} added.`);

    // From the filtered list to the launch form, the filter carried along.
    await page.goto(`/projects/demo/samples?${FILTER}`);
    const runThese = page.getByRole("link", { name: /^Run a model on these \d+$/ });
    const count = Number(/\d+/.exec((await runThese.textContent()) ?? "")![0]);
    expect(count).toBeGreaterThan(1);
    await runThese.click();
    await expect(page).toHaveURL(/\/projects\/demo\/models\/runs\/new\?/);
    await expect(page.getByTestId("new-run-count")).toHaveText(`${count} samples match this filter`);
    await expect(page.getByText("The filter: Source is verity-demo and Image is present.")).toBeVisible();

    const launch = page.getByRole("form", { name: "Start a model run" });
    await launch.getByLabel("Connection", { exact: true }).selectOption({ label: `${name} — ${MODEL}` });
    const venus = launch.getByRole("radio", { name: /UI-Venus-1\.5 grounding/ });
    await venus.check();
    await expect(venus).toBeChecked();
    // A template on another coordinate grid is shown, with why it cannot be picked.
    await expect(launch.getByRole("radio", { name: /Qwen2\.5-VL grounding/ })).toBeDisabled();
    await expect(launch).toContainText("the connection is set to relative [0,1000]");
    await expect(launch.getByLabel("Output name (optional)")).toHaveAttribute("placeholder", output);

    // k samples at temperature 0 are refused, naming the field; what was typed stays.
    await launch.getByLabel("Samples per item (k)").fill("3");
    await launch.getByRole("button", { name: "Start the run" }).click();
    await expect(launch.getByRole("alert")).toContainText("temperature must be above 0");
    await expect(launch.locator("#temperature-error")).toContainText("must be above 0 for k > 1 samples");
    await expect(launch.getByLabel("Temperature", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(launch.getByLabel("Samples per item (k)")).toHaveValue("3");
    await page.screenshot({ path: "test-results/screens/model-run-new.png", fullPage: true });

    await launch.getByLabel("Samples per item (k)").fill("1");
    await launch.getByRole("button", { name: "Start the run" }).click();
    await expect(page).toHaveURL(/\/projects\/demo\/models\/runs\/[a-z0-9]+$/, { timeout: 30_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(output);
    const progress = page.getByTestId("run-progress");
    await expect(progress).toHaveAttribute("data-status", "succeeded", { timeout: 120_000 });
    const figure = (id: string) => page.getByTestId(`run-figure-${id}`).locator("dd");
    await expect(figure("done")).toHaveText(String(count));
    await expect(figure("failed")).toHaveText("0");
    await expect(figure("requests")).toHaveText(String(count));
    await expect(figure("cache-hits")).toHaveText("0");
    await expect(page.getByTestId("run-setting-base-url")).toContainText(server.url);
    await expect(page.getByTestId("run-setting-scope")).toContainText("samples where Source is verity-demo and Image is present");
    await expect(page.getByTestId("run-item-counts")).toHaveText(`${count} done, 0 failed, 0 pending`);

    // Each item with what the model wrote and what it was read as.
    const items = page.getByRole("table", { name: "Items of this run" });
    await expect(items.getByTestId("run-item")).toHaveCount(count);
    const first = items.getByTestId("run-item").first();
    await first.getByText(/^Replies \(1\)$/).click();
    await expect(first.locator("pre")).toHaveText("[500,500]");
    await expect(first).toContainText(/Read as: point \(\d/);
    await page.getByTestId("run-template").locator("summary").click();
    await expect(page.getByTestId("run-template").locator("pre").first()).toBeVisible();
    await page.screenshot({ path: "test-results/screens/model-run-page.png", fullPage: true });

    // The model's point on the sample's review screen, beside the demo model's, with hit or miss.
    await items.getByRole("link", { name: "Open the display settings" }).click();
    await expect(page).toHaveURL(/\/projects\/demo\/samples\/[a-z0-9]+/);
    const crops = page.getByRole("region", { name: "Predictions side by side" });
    await expect(crops.getByTestId(`crop-${output}`)).toContainText(/(hit|miss)$/);

    // The identical run again: every answer is in the cache, nothing is sent.
    await page.goto(`/projects/demo/models/runs/new?items=samples&${FILTER}`);
    const again = page.getByRole("form", { name: "Start a model run" });
    await again.getByLabel("Connection", { exact: true }).selectOption({ label: `${name} — ${MODEL}` });
    await again.getByRole("radio", { name: /UI-Venus-1\.5 grounding/ }).check();
    await again.getByRole("button", { name: "Start the run" }).click();
    await expect(page).toHaveURL(/\/projects\/demo\/models\/runs\/[a-z0-9]+$/, { timeout: 30_000 });
    await expect(page.getByTestId("run-progress")).toHaveAttribute("data-status", "succeeded", { timeout: 120_000 });
    await expect(figure("requests")).toHaveText("0");
    await expect(figure("cache-hits")).toHaveText(String(count));
    await expect(figure("done")).toHaveText(String(count));
    expect(server.requests).toHaveLength(count);

    // Both runs in the list, newest first.
    await page.goto("/projects/demo");
    await page.getByRole("navigation", { name: "Work" }).getByRole("link", { name: "Model runs" }).click();
    const rows = page.getByTestId("model-run-row").filter({ hasText: output });
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText("finished");
    await page.screenshot({ path: "test-results/screens/model-runs-list.png", fullPage: true });

    server.assertClean();
  });
});

test.describe("the quality teacher as an admin", () => {
  test.use({ storageState: storageStatePath("admin") });
  let server: OpenAiStandIn;
  test.beforeAll(async () => {
    server = await startOpenAiStandIn({
      models: [MODEL], apiKey: KEY,
      reply: (req) => ({ content: req.text.includes("quality teacher") ? JSON.stringify({ score: 5, reasons: "the gear icon is the right target but the wording is vague", rewrite: REWRITE }) : "[500,500]" }),
    });
  });
  test.afterAll(async () => {
    await server?.close();
  });

  test("scores a sample 0-10 with a proposed rewrite that the reviewer uses, keeping the original, or dismisses", async ({ page }) => {
    test.setTimeout(300_000);
    const name = `teacher-e2e-${Date.now().toString(36)}`;
    await page.goto("/projects/demo/models");
    const add = page.getByRole("form", { name: "New connection" });
    await add.getByLabel("Name", { exact: true }).fill(name);
    await add.getByLabel("Base URL", { exact: true }).fill(server.url);
    await add.getByLabel("Model name", { exact: true }).fill(MODEL);
    await add.getByLabel("API key", { exact: true }).fill(KEY);
    await add.getByRole("button", { name: "Add connection" }).click();
    await expect(add.getByRole("status")).toHaveText(`Connection ${name} added.`);

    await page.goto(`/projects/demo/models/runs/new?items=samples&${FILTER}&q=display`);
    const launch = page.getByRole("form", { name: "Start a model run" });
    await launch.getByLabel("Connection", { exact: true }).selectOption({ label: `${name} — ${MODEL}` });
    await launch.getByRole("radio", { name: /Quality teacher/ }).check();
    await launch.getByRole("button", { name: "Start the run" }).click();
    await expect(page).toHaveURL(/\/projects\/demo\/models\/runs\/[a-z0-9]+$/, { timeout: 30_000 });
    await expect(page.getByTestId("run-progress")).toHaveAttribute("data-status", "succeeded", { timeout: 120_000 });
    const items = page.getByRole("table", { name: "Items of this run" });
    await items.getByRole("link", { name: "Open the display settings" }).click();
    await expect(page).toHaveURL(/\/projects\/demo\/samples\/[a-z0-9]+/);

    // The teacher's score with its reasons, and its proposal offered, never applied by itself.
    const quality = page.getByRole("region", { name: "Quality score" });
    await expect(quality).toContainText(name);
    await expect(quality).toContainText("the gear icon is the right target but the wording is vague");
    const proposal = quality.getByTestId("proposed-rewrite");
    await expect(proposal).toContainText(REWRITE);
    const rewrite = page.getByRole("textbox", { name: /Rewritten instruction/ });
    await expect(rewrite).toHaveValue("");
    await proposal.getByRole("button", { name: "Use as rewrite" }).click();
    await expect(rewrite).toHaveValue(REWRITE);
    await expect(proposal.getByRole("button", { name: "In your answer" })).toBeDisabled();
    // The original instruction stays as it was, beside the rewrite.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Open the display settings");
    await page.screenshot({ path: "test-results/screens/quality-proposal.png", fullPage: true });

    await proposal.getByRole("button", { name: "Dismiss" }).click();
    await expect(quality.getByTestId("proposed-rewrite")).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("region", { name: "Quality score" }).getByTestId("proposed-rewrite")).toHaveCount(0);
    server.assertClean();
  });
});

test.describe("model runs as a reviewer", () => {
  test.use({ storageState: storageStatePath("reviewer") });

  test("a cancelled run reads as cancelled, with its settings and template, and no button to steer it", async ({ page }) => {
    const { slug, cancelledRunId } = readModelRunsSeed();
    await page.goto(`/projects/${slug}/models/runs/${cancelledRunId}`);
    await expect(page.getByTestId("run-progress")).toHaveAttribute("data-status", "cancelled");
    await expect(page.getByTestId("run-stopped")).toContainText("The run was cancelled with");
    await expect(page.getByTestId("run-setting-connection")).toContainText("seeded-vllm");
    await expect(page.getByTestId("run-setting-scope")).toContainText("all samples of the project");
    await expect(page.getByRole("button", { name: "Resume" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Cancel run" })).toHaveCount(0);
    await page.goto(`/projects/${slug}/models/runs`);
    await expect(page.getByTestId("model-run-row").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Run a model on samples" })).toHaveCount(0);
  });
});

test.describe("model runs as an annotator", () => {
  test.use({ storageState: storageStatePath("annotator") });

  test("the launch form answers 403 and the sample list offers no run", async ({ page }) => {
    const response = await page.goto(`/projects/demo/models/runs/new?items=samples&${FILTER}`);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Start a model run" })).toHaveCount(0);
    await page.goto(`/projects/demo/samples?${FILTER}`);
    await expect(page.getByRole("link", { name: /Run a model on these/ })).toHaveCount(0);
  });
});
