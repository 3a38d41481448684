// Human labels from another tool, end to end, in the "arb-labels" project (tests/e2e/seed-labels.ts):
// an admin imports AgentRewardBench's annotations.csv (generated in the benchmark's layout)
// through the import screen, the dashboard compares its judge with these humans and the two
// annotators of the same trajectories with each other, and the site owner links annotator H
// to Hana on the Users page, after which H's answers are hers.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { readSeed, storageStatePath } from "./seed-file";
import { API_LABELS_PROJECT, LABELS_PROJECT, LABELS_PROJECT_NAME, LINKED_USER } from "./seed-labels-file";
import { ARB_JUDGE, ARB_LINES, annotationsCsv } from "../support/import-fixtures/agentrewardbench";

function readDb<T>(sql: string, ...args: unknown[]): T {
  const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  try {
    return sqlite.prepare(sql).get(...args) as T;
  } finally {
    sqlite.close();
  }
}

function annotationsOf(email: string): number {
  const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  try {
    return (sqlite.prepare(`SELECT COUNT(*) AS n FROM Annotation a JOIN User u ON u.id = a.annotatorId WHERE u.email = ?`).get(email) as { n: number }).n;
  } finally {
    sqlite.close();
  }
}

// A pair is named in the order of its raters' ids.
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const pair = (a: string, b: string) => new RegExp(`${escape(a)} × ${escape(b)}|${escape(b)} × ${escape(a)}`);

test.use({ storageState: storageStatePath("admin") });

test("AgentRewardBench labels imported on the import screen show on the dashboard, and the owner links a placeholder to a person", async ({ page, browser }) => {
  // An import, two dashboards and the Users page as two people: more than the default 30 s on a loaded 2-core machine.
  test.setTimeout(90_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "verity-e2e-labels-"));
  writeFileSync(path.join(dir, "annotations.csv"), annotationsCsv());
  await page.goto(`/projects/${LABELS_PROJECT}/import`);
  await page.locator("input[type=file]:not([webkitdirectory])").setInputFiles(path.join(dir, "annotations.csv"));
  const preview = page.getByRole("region", { name: "Import preview" });
  await expect(preview.getByLabel("Format (detected)")).toHaveValue("agentrewardbench");
  await expect(preview.getByTestId("import-counts")).toHaveText("12 labels");
  await preview.getByRole("button", { name: "Import 12 labels", exact: true }).click();
  const progress = page.getByRole("region", { name: "Import progress" });
  await expect(progress.getByText("Import finished")).toBeVisible({ timeout: 30_000 });
  const report = page.getByLabel("Import report");
  await expect(report).toContainText("11 labels, 5 placeholder accounts, 7 final answers pinned");
  await expect(report.getByText(`annotations.csv:${ARB_LINES.notImported}`)).toBeVisible();
  await expect(report).toContainText("no AgentLab trajectory of agent GenericAgent-Qwen_Qwen2.5-VL-72B-Instruct on task visualwebarena.resized.220");
  await page.screenshot({ path: "test-results/screens/import-labels-done.png", fullPage: true });

  // Six verified trajectories with a boolean human verdict: [[1, 1], [1, 3]], kappa 0.25.
  await page.goto(`/projects/${LABELS_PROJECT}/dashboard`);
  const confusion = page.getByRole("table", { name: `Confusion of ${ARB_JUDGE} against human verdicts` });
  await expect(confusion.locator("caption")).toContainText("κ = 0.25 · 6 pairs");
  await expect(page.getByRole("figure", { name: "Judge vs human verdicts by judge" }).locator(".recharts-cartesian-axis-tick-value", { hasText: new RegExp(`${ARB_JUDGE}\\s*\\(κ 0\\.25\\)`) })).toBeVisible();
  // A and H labelled the same three trajectories (agreeing once, all failures by A: kappa 0).
  const agreement = page.getByRole("table", { name: "Agreement in Every answer to a trajectory" });
  await expect(agreement.getByRole("row", { name: pair("A (AgentRewardBench)", "H (AgentRewardBench)") })).toContainText("0.00 (3)");
  await page.getByRole("heading", { name: "Agreement over every answer" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screens/dashboard-imported-labels.png", fullPage: true });

  // The owner says who H is.
  const owner = await browser.newContext({ storageState: storageStatePath("owner") });
  const users = await owner.newPage();
  await users.goto("/admin/users");
  const placeholders = users.getByRole("region", { name: "Placeholder accounts" });
  await expect(placeholders).toContainText(`“H” in AgentRewardBench labels, project ${LABELS_PROJECT_NAME}`);
  const link = placeholders.getByRole("form", { name: "Link H (AgentRewardBench) to a user" });
  await link.getByLabel("Is this existing user").selectOption({ label: `${LINKED_USER.name} (${LINKED_USER.email})` });
  // Hana is not a member of the labels' project: linking her asks for "link anyway" (issue 36 item 13).
  const anyway = link.getByTestId("link-non-member");
  await expect(anyway).toContainText(`not a member of ${LABELS_PROJECT_NAME}`);
  await anyway.getByRole("checkbox").check();
  await users.screenshot({ path: "test-results/screens/users-placeholders.png", fullPage: true });
  for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }]) {
    await users.setViewportSize(size);
    await placeholders.evaluate((section) => section.scrollIntoView({ block: "start" }));
    await users.screenshot({ path: `test-results/screens/users-placeholders-${size.width}x${size.height}.png` });
  }
  expect(annotationsOf(LINKED_USER.email)).toBe(0);
  await link.getByRole("button", { name: "Link" }).click();
  // The placeholder is gone; the list says who the imported name is now.
  await expect(placeholders.getByRole("list", { name: "Linked imported annotators" })).toContainText(`“H” in AgentRewardBench labels, project ${LABELS_PROJECT_NAME}, is ${LINKED_USER.name} (${LINKED_USER.email})`);
  await expect(placeholders.getByRole("form", { name: "Link H (AgentRewardBench) to a user" })).toHaveCount(0);
  expect(annotationsOf(LINKED_USER.email)).toBe(3);
  await owner.close();

  // The agreement figure now names Hana.
  await page.reload();
  await expect(page.getByRole("table", { name: "Agreement in Every answer to a trajectory" }).getByRole("row", { name: pair("A (AgentRewardBench)", LINKED_USER.name) })).toContainText("0.00 (3)");
});

test("a script pushes a verified label through the API: it pins the sample's final answer, decided by the token's creator, and again changes nothing", async ({ page, playwright }) => {
  await page.goto(`/projects/${API_LABELS_PROJECT}/tokens`);
  const form = page.getByRole("form", { name: "New token" });
  await form.getByLabel("Name").fill("labels");
  await form.getByLabel("Role").selectOption("admin");
  await form.getByRole("button", { name: "Create token" }).click();
  const secret = (await form.locator("code").textContent())!;
  const { id: projectId } = readDb<{ id: string }>(`SELECT id FROM Project WHERE slug = ?`, API_LABELS_PROJECT);
  const api = await playwright.request.newContext({ baseURL: page.url().replace(/\/projects.*$/, ""), extraHTTPHeaders: { authorization: `Bearer ${secret}` } });
  const labels = [
    { type: "annotation", annotator: "Rater@Vendor.example", dataset: "api", target: { sample: "api-s1" }, status: "verified", box: [0.1, 0.2, 0.4, 0.5], coords: "xyxy:0-1" },
    { type: "annotation", annotator: "rater@vendor.example", dataset: "api", target: { sample: "api-s2" }, status: "verified", trace_verdict: "success" },
  ].map((l) => JSON.stringify(l)).join("\n");
  const push = async () => {
    const started = await api.post(`/api/v1/projects/${projectId}/imports`, { data: labels, headers: { "content-type": "application/x-ndjson" } });
    expect(started.status()).toBe(202);
    const { jobId } = await started.json();
    const job = async () => (await (await api.get(`/api/v1/projects/${projectId}/jobs/${jobId}`)).json()).job;
    await expect.poll(async () => (await job()).status, { timeout: 30_000 }).toBe("succeeded");
    return (await job()).report;
  };

  const first = await push();
  expect(first.labels).toEqual({ annotations: 1, placeholders: 1, finalAnswers: 1 });
  expect(first.rejected).toMatchObject([{ line: 2, reason: "trace_verdict: not a field of a sample label" }]);
  // The box in [0, 1] of the 200x100 sample, in pixels; the final answer credited to the rater, decided by the admin who made the token.
  const pinned = readDb<{ status: string; x1: number; y2: number; source: string; decidedBy: string; contributorIds: string; rater: string; isPlaceholder: number }>(
    `SELECT s.status, s.effectiveBoxX1 AS x1, s.effectiveBoxY2 AS y2, r.source, d.email AS decidedBy, r.contributorIds, u.name AS rater, u.isPlaceholder
       FROM GroundingSample s JOIN AnswerRevision r ON r.id = s.finalAnswerId JOIN User d ON d.id = r.decidedById
       JOIN Annotation a ON a.sampleId = s.id JOIN User u ON u.id = a.annotatorId
      WHERE s.projectId = ? AND s.sourceId = 'api-s1'`, projectId);
  expect(pinned).toMatchObject({ status: "verified", x1: 20, y2: 50, source: "import", decidedBy: readSeed().users.admin!.email, rater: "rater@vendor.example", isPlaceholder: 1 });
  expect(readDb<{ n: number }>(`SELECT COUNT(*) AS n FROM Annotation a JOIN GroundingSample s ON s.id = a.sampleId WHERE s.projectId = ?`, projectId).n).toBe(1);

  const again = await push();
  expect(again.labels).toEqual({ annotations: 0, placeholders: 0, finalAnswers: 0 });
  expect(again.unchanged).toBe(1);
  expect(readDb<{ n: number }>(`SELECT COUNT(*) AS n FROM AnswerRevision r JOIN GroundingSample s ON s.id = r.sampleId WHERE s.projectId = ?`, projectId).n).toBe(1);
  await api.dispose();
});
