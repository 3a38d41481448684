// Issue 33 in Chromium, in the "reimport" project (tests/e2e/seed-reimport.ts): a team imports
// a run through the import screen, reviews it, and imports the same run again with changes.
//  - an override survives a re-import that only rewrites its verdict's rationale (page, API);
//    a changed value is named in the report, flagged on the page and confirmed by a reviewer;
//  - a verified sample whose instruction changes is reopened with both instructions on its
//    page, leaves the API's verified list and the pool export, and is verified again;
//  - two reviewers submit on the same sample: the second is shown the first's final answer and
//    chooses, and an annotator is shown none of it.
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { baseUrl } from "./authz/client";
import { closePages, pageAs, query } from "./verified-support";
import { readReimportSeed } from "./seed-reimport-file";
import { renderScreen } from "../support/import-fixtures/screens";

test.describe.configure({ mode: "serial" });
test.afterEach(closePages);

const seed = readReimportSeed;

type Version = { rule: boolean; rationale: string; s1Instruction: string };
const V1: Version = { rule: false, rationale: "checker v2 log", s1Instruction: "Click the S1 button" };

/** The run as the benchmark writes it: a records file and its screenshots, in a fresh folder. */
async function writeRun(version: Version): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verity-e2e-reimport-"));
  mkdirSync(path.join(dir, "shots"));
  for (const [name, n] of [["step0", 81], ["step1", 82], ["desktop", 83]] as const) writeFileSync(path.join(dir, "shots", `${name}.png`), await renderScreen(1280, 800, n));
  const sample = (id: string, instruction: string, box: number[]) => ({ type: "sample", id, dataset: "rerun", image: "shots/desktop.png", image_size: [1280, 800], instruction, box });
  const lines = [
    { type: "run", name: "rerun-v1", benchmark: "androidlab", model: "agent-v1" },
    {
      type: "trajectory", id: "quito", dataset: "rerun", goal: "Add the city of Quito to the world clock", benchmark: "androidlab", run: "rerun-v1", app: "clock",
      steps: [{ image: "shots/step0.png", action: { type: "click", x: 640, y: 120 } }, { image: "shots/step1.png", action: { type: "finish" } }],
    },
    { type: "verdict", dataset: "rerun", target: { trajectory: "quito" }, kind: "rule", judge: "clock-checker", metric: "trace_success", value: version.rule, rationale: version.rationale },
    sample("s1", version.s1Instruction, [110, 105, 230, 165]),
    sample("s2", "Click the S2 button", [300, 300, 420, 360]),
    sample("s3", "Click the S3 button", [500, 500, 620, 560]),
  ];
  writeFileSync(path.join(dir, "records.jsonl"), lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  return dir;
}

/** Imports a folder through the import screen, as an admin, and returns the report. */
async function importThroughScreen(page: Page, dir: string, onVerifiedChange?: "keep") {
  await page.goto(`/projects/${seed().slug}/import`);
  await page.locator("input[webkitdirectory]").setInputFiles(dir);
  const preview = page.getByRole("region", { name: "Import preview" });
  await expect(preview.getByLabel("Format (detected)")).toHaveValue("verity-jsonl");
  if (onVerifiedChange) await preview.getByLabel("A verified item changed at the source").selectOption(onVerifiedChange);
  await preview.getByRole("button", { name: /^Import \d+ / }).click();
  // No bound on how long a loaded machine takes: the test's own timeout is the limit.
  await expect(page.getByRole("region", { name: "Import progress" }).getByText("Import finished")).toBeVisible({ timeout: 0 });
  return page.getByLabel("Import report");
}

async function api(token: "admin" | "reviewer", method: string, route: string, body?: unknown) {
  const response = await fetch(`${baseUrl()}/api/v1/projects/${seed().projectId}${route}`, {
    method,
    headers: { authorization: `Bearer ${seed().tokens[token]}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const idOf = (table: "Trajectory" | "GroundingSample", sourceId: string) =>
  query<{ id: string }>(`SELECT id FROM "${table}" WHERE "projectId" = ? AND "sourceId" = ?`, seed().projectId, sourceId)[0]!.id;

/** A full export of the project's grounding pool, waited for; its rows' instructions. */
async function exportedInstructions(): Promise<string[]> {
  const started = await api("admin", "POST", `/pools/${seed().groundingPool}/exports`, { mode: "full" });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const jobId = started.body.jobId as string;
  await expect.poll(async () => ((await api("admin", "GET", `/jobs/${jobId}`)).body.job as { status: string }).status, { timeout: 0, intervals: [200, 500, 1000] }).toMatch(/^(succeeded|failed)$/);
  const dir = seed().groundingPoolDir;
  const snapshot = path.join(dir, "snapshots", readFileSync(path.join(dir, "latest"), "utf8").trim());
  const rows = readFileSync(path.join(snapshot, "grounding.jsonl"), "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as { messages: { content: string }[] });
  return rows.map((r) => r.messages.map((m) => m.content).join(" ")).sort();
}

test("an override survives a re-import that rewrites its verdict's rationale; a changed value is named, flagged and confirmed", async ({ browser }) => {
  const admin = await pageAs(browser, "admin");
  await importThroughScreen(admin, await writeRun(V1));
  const quito = idOf("Trajectory", "quito");

  const reviewer = await pageAs(browser, "reviewer");
  await reviewer.goto(`/projects/${seed().slug}/trajectories/${quito}`);
  const verdicts = reviewer.getByRole("region", { name: "Trajectory verdicts" });
  await verdicts.getByRole("article").filter({ hasText: "clock-checker" }).getByText("Override…").click();
  const form = reviewer.getByRole("form", { name: "Override clock-checker" });
  await form.getByLabel("success").check();
  await form.getByRole("combobox", { name: "Reason" }).fill("The city is in the list: the checker missed it");
  await form.getByRole("button", { name: "Override" }).click();
  await expect(form.getByRole("status")).toHaveText("Override recorded.");
  await expect(reviewer.getByTestId("automatic-overridden")).toHaveText("overridden to success");

  // The benchmark is re-run: the same verdict, only its log rewritten.
  const report = await importThroughScreen(admin, await writeRun({ ...V1, rationale: "checker v3 log" }));
  await expect(report).toContainText("Revised 1 verdicts and 0 predictions");
  await expect(report).not.toContainText("changed under a reviewer's override");
  await reviewer.reload();
  await expect(reviewer.getByTestId("automatic-overridden")).toHaveText("overridden to success");
  const article = reviewer.getByTestId("verdict-clock-checker");
  await expect(article).toContainText("checker v3 log");
  await expect(reviewer.getByTestId("verdict-changed-under-override")).toHaveCount(0);
  const ruleId = query<{ id: string }>(`SELECT id FROM "JudgeVerdict" WHERE "trajectoryId" = ? AND kind = 'rule'`, quito);
  expect(ruleId).toHaveLength(1);
  const read = await api("reviewer", "GET", `/verdicts/${ruleId[0]!.id}`);
  expect(read.body.verdict).toMatchObject({ revision: 2, value: false, effective: true, overrideOutdated: false, rationale: "checker v3 log" });

  // The checker itself now says success: the report names it, the page asks a reviewer.
  const changed = await importThroughScreen(admin, await writeRun({ ...V1, rule: true, rationale: "checker v4 log" }));
  await expect(changed).toContainText("Machine verdicts changed under a reviewer's override (1)");
  await expect(changed).toContainText("clock-checker trace_success: failure → success, overridden to success");
  await admin.screenshot({ path: "test-results/screens/reimport-report-verdict-changed.png", fullPage: true });
  await reviewer.reload();
  // The header says so, and takes the reviewer to the verdict (its panel may be below the fold).
  await reviewer.getByTestId("header-verdict-changed").click();
  const notice = reviewer.getByTestId("verdict-changed-under-override");
  await expect(notice).toContainText("The machine verdict changed from failure to success");
  await reviewer.screenshot({ path: "test-results/screens/reimport-verdict-changed.png", fullPage: true });
  // An annotator sees the notice, without the buttons.
  const annotator = await pageAs(browser, "annotator");
  await annotator.goto(`/projects/${seed().slug}/trajectories/${quito}`);
  await expect(annotator.getByTestId("verdict-changed-under-override")).toBeVisible();
  await expect(annotator.getByTestId("verdict-changed-under-override").getByRole("button")).toHaveCount(0);

  await notice.getByRole("button", { name: "Keep the override (success)" }).click();
  await expect(notice).toHaveCount(0);
  await expect(article.getByRole("list", { name: "Override history" })).toContainText("The city is in the list");
  expect((await api("reviewer", "GET", `/verdicts/${ruleId[0]!.id}`)).body.verdict).toMatchObject({ revision: 3, value: true, effective: true, overrideOutdated: false });
});

test("a verified sample whose instruction changes is reopened with both instructions on its page, leaves the pool, and is verified again", async ({ browser }) => {
  const [s1, s2] = [idOf("GroundingSample", "s1"), idOf("GroundingSample", "s2")];
  for (const [id, box] of [[s1, [110, 105, 230, 165]], [s2, [300, 300, 420, 360]]] as const) {
    const saved = await api("reviewer", "POST", `/samples/${id}/annotations`, { status: "submitted", baseVersion: null, payload: { targetAbsent: false, box, instructionRewrite: null, qualityScore: null, note: null } });
    expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300);
  }
  expect(await exportedInstructions()).toEqual([expect.stringContaining("Click the S1 button"), expect.stringContaining("Click the S2 button")]);

  const admin = await pageAs(browser, "admin");
  const report = await importThroughScreen(admin, await writeRun({ ...V1, rule: true, rationale: "checker v4 log", s1Instruction: "Click the S1 button (v2)" }));
  await expect(report).toContainText("1 verified items changed at the source; they were reopened");
  await expect(report).toContainText("sample s1 instruction (reopened)");

  const reviewer = await pageAs(browser, "reviewer");
  await reviewer.goto(`/projects/${seed().slug}/samples/${s1}`);
  await expect(reviewer.getByTestId("source-change-before")).toHaveText("Click the S1 button");
  await expect(reviewer.getByTestId("source-change-after")).toHaveText("Click the S1 button (v2)");
  await reviewer.screenshot({ path: "test-results/screens/reimport-source-changed.png", fullPage: true });
  // Out of everything that reads verified items: the API's list and the pool.
  const listed = await api("reviewer", "GET", "/samples?limit=100");
  expect((listed.body.items as { id: string }[]).map((i) => i.id)).toEqual([s2]);
  expect(await exportedInstructions()).toEqual([expect.stringContaining("Click the S2 button")]);
  await reviewer.goto(`/projects/${seed().slug}/samples?status=source_changed`);
  await expect(reviewer.getByText("1 match these filters")).toBeVisible();

  // An annotator is not shown the item's standing, nor what changed under it.
  const annotator = await pageAs(browser, "annotator");
  await annotator.goto(`/projects/${seed().slug}/samples/${s1}`);
  await expect(annotator.getByRole("heading", { name: "Click the S1 button (v2)" })).toBeVisible();
  await expect(annotator.getByTestId("source-change-before")).toHaveCount(0);

  // The reviewer verifies it again on the new instruction: back in the pool, the panel gone.
  await reviewer.goto(`/projects/${seed().slug}/samples/${s1}`);
  await reviewer.locator("body").click({ position: { x: 2, y: 2 } });
  await reviewer.keyboard.press("Control+Enter");
  await expect(reviewer).not.toHaveURL(new RegExp(`${s1}$`));
  expect(query(`SELECT status FROM "GroundingSample" WHERE id = ?`, s1)).toEqual([{ status: "verified" }]);
  await reviewer.goto(`/projects/${seed().slug}/samples/${s1}`);
  await expect(reviewer.getByTestId("source-change-before")).toHaveCount(0);
  expect(await exportedInstructions()).toEqual([expect.stringContaining("Click the S1 button (v2)"), expect.stringContaining("Click the S2 button")]);
});

test("two reviewers submit on the same sample: the second is shown the first's final answer and takes it", async ({ browser }) => {
  const s3 = idOf("GroundingSample", "s3");
  const admin = await pageAs(browser, "admin");
  const reviewer = await pageAs(browser, "reviewer");
  for (const page of [admin, reviewer]) {
    await page.goto(`/projects/${seed().slug}/samples/${s3}`);
    await expect(page.getByRole("heading", { name: "Click the S3 button" })).toBeVisible();
  }
  await admin.getByLabel(/Rewritten instruction/).fill("Press the S3 button");
  await admin.locator("body").click({ position: { x: 2, y: 2 } });
  await admin.keyboard.press("Control+Enter");
  await expect(admin).not.toHaveURL(new RegExp(`${s3}$`));

  await reviewer.getByLabel(/Rewritten instruction/).fill("Tap S3");
  await reviewer.locator("body").click({ position: { x: 2, y: 2 } });
  await reviewer.keyboard.press("Control+Enter");
  const conflict = reviewer.getByRole("alert").filter({ hasText: "verified it" });
  await expect(conflict).toContainText("Press the S3 button");
  await reviewer.screenshot({ path: "test-results/screens/reimport-final-conflict.png", fullPage: true });
  await conflict.getByRole("button", { name: "Take theirs" }).click();
  await expect(conflict).toHaveCount(0);
  await expect(reviewer.getByLabel(/Rewritten instruction/)).toHaveValue("Press the S3 button");
  const finals = query<{ instructionRewrite: string; revision: number }>(`SELECT r."instructionRewrite", r.revision FROM "AnswerRevision" r JOIN "GroundingSample" s ON s."finalAnswerId" = r.id WHERE s.id = ?`, s3);
  expect(finals).toEqual([{ instructionRewrite: "Press the S3 button", revision: 1 }]);
});
