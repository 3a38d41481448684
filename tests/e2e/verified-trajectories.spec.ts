// Issue 12, trajectories, in the "verified" project (tests/e2e/seed-verified.ts): flags and
// automatic outcomes are one stored value on the list, its filters, the review page, the run
// page, the API and the exports, before and after a human or an override; an annotator cannot
// flip a verified verdict; keyboard saves do not race themselves; an impossible first wrong
// step is refused; the group page states its advantage policy and agrees with the export.
import { expect, test, type Page } from "@playwright/test";
import { api, closePages, exportPool, jsonl, pageAs, query, seed, verifiedItems } from "./verified-support";

test.describe.configure({ mode: "serial" });
test.afterEach(closePages);

const listRow = (page: Page, goal: string) => page.getByRole("row").filter({ has: page.getByRole("link", { name: goal, exact: true }) });

async function openReview(page: Page, id: string) {
  await page.goto(`/projects/${seed().slug}/trajectories/${id}`);
  await expect(page.getByRole("list", { name: "Steps" })).toBeVisible();
  // Keys go to the page, not to a focused field.
  await page.locator("body").click({ position: { x: 2, y: 2 } });
}

test("rule vs judge and a failed finish claim are flagged before anyone labels them, on the list, its filters and the review page", async ({ browser }) => {
  const { slug, runId, trajectories } = seed();
  const reviewer = await pageAs(browser, "reviewer");
  await reviewer.goto(`/projects/${slug}/trajectories?run=${runId}`);
  await expect(listRow(reviewer, "Start a 5 minute timer").getByTestId("row-flags")).toContainText("rule vs judge");
  await expect(listRow(reviewer, "Start a 5 minute timer").getByTestId("row-automatic")).toHaveText("success");
  await expect(listRow(reviewer, "Delete every alarm").getByTestId("row-flags")).toContainText("claimed finish, failed");
  await reviewer.screenshot({ path: "test-results/screens/verified-trajectory-list.png", fullPage: true });

  await reviewer.goto(`/projects/${slug}/trajectories?run=${runId}&flag=rule_vs_judge`);
  await expect(reviewer.getByText("1 match these filters")).toBeVisible();
  await expect(listRow(reviewer, "Start a 5 minute timer")).toBeVisible();
  await reviewer.goto(`/projects/${slug}/trajectories?run=${runId}&flag=claimed_finish_failed`);
  await expect(listRow(reviewer, "Delete every alarm")).toBeVisible();
  // Rule verdicts and no auto_outcome in the source: the automatic outcome is the rule's.
  await reviewer.goto(`/projects/${slug}/trajectories?run=${runId}&outcome=unknown`);
  await expect(reviewer.getByText("0 match these filters")).toBeVisible();

  await openReview(reviewer, trajectories.ruleVsJudge);
  await expect(reviewer.getByTestId("mismatch-flags")).toContainText("rule vs judge");
  await expect(reviewer.getByTestId("automatic-outcome")).toHaveText("success");

  // Annotators see the machines' flag, not the one that rests on the verdict.
  const annotator = await pageAs(browser, "annotator");
  await annotator.goto(`/projects/${slug}/trajectories?run=${runId}`);
  await expect(listRow(annotator, "Start a 5 minute timer").getByTestId("row-flags")).toContainText("rule vs judge");
  await expect(annotator.getByRole("row").filter({ hasText: "auto vs human" })).toHaveCount(0);
});

test("an annotator's failure on a verified success becomes a proposal: the run page and the API keep success", async ({ browser }) => {
  const { slug, runId, trajectories, names } = seed();
  const annotator = await pageAs(browser, "annotator");
  await openReview(annotator, trajectories.flip);
  await expect(annotator.getByRole("region", { name: "Review standing" })).toHaveCount(0);
  await annotator.keyboard.press("f");
  await annotator.keyboard.press("Control+Enter");
  await expect(annotator).not.toHaveURL(new RegExp(trajectories.flip));

  const reviewer = await pageAs(browser, "reviewer");
  await openReview(reviewer, trajectories.flip);
  await expect(reviewer.getByTestId("final-answer-summary")).toContainText("success");
  await expect(reviewer.getByRole("list", { name: "Proposals" })).toContainText(`Proposal by ${names.annotator}`);
  await reviewer.goto(`/projects/${slug}/runs/${runId}`);
  await expect(reviewer.getByTestId("all-episodes").getByRole("row").filter({ hasText: "flip_1" })).toContainText("success");
  const item = (await verifiedItems("trajectories")).find((t) => t.id === trajectories.flip);
  expect(item?.answer).toMatchObject({ traceVerdict: "success", revision: 1 });
});

test("overriding quark_3's rule verdict shows the override everywhere and keeps it in its auto_vs_human filter, the changed-episodes table and the export", async ({ browser }) => {
  const { slug, runId, trajectories, projectId } = seed();
  const reviewer = await pageAs(browser, "reviewer");
  await openReview(reviewer, trajectories.quark3);
  await expect(reviewer.getByTestId("mismatch-flags")).toContainText("auto vs human");
  const verdicts = reviewer.getByRole("region", { name: "Trajectory verdicts" });
  await verdicts.getByRole("article").filter({ hasText: "androidlab-checker" }).getByText("Override…").click();
  const form = reviewer.getByRole("form", { name: "Override androidlab-checker" });
  await form.getByLabel("failure").check();
  await form.getByRole("combobox", { name: "Reason" }).fill("The city was never added");
  await form.getByRole("button", { name: "Override" }).click();
  await expect(form.getByRole("status")).toHaveText("Override recorded.");
  await expect(reviewer.getByTestId("automatic-outcome")).toHaveText("success");
  await expect(reviewer.getByTestId("automatic-overridden")).toHaveText("overridden to failure");
  await expect(reviewer.getByTestId("mismatch-flags")).toContainText("auto vs human");
  await reviewer.screenshot({ path: "test-results/screens/verified-quark3-overridden.png", fullPage: true });

  await reviewer.goto(`/projects/${slug}/trajectories?run=${runId}&flag=auto_vs_human`);
  await expect(reviewer.getByText("1 match these filters")).toBeVisible();
  await expect(listRow(reviewer, "Add the city of Quito to the world clock").getByTestId("row-automatic")).toHaveText("successoverridden to failure");

  await reviewer.goto(`/projects/${slug}/runs/${runId}`);
  await expect(reviewer.getByRole("heading", { name: "Episodes whose outcome changed (1)" })).toBeVisible();
  const changed = reviewer.getByTestId("changed-episodes");
  await expect(changed.locator("tbody tr")).toHaveCount(1);
  await expect(changed).toContainText("quark_3");
  await reviewer.screenshot({ path: "test-results/screens/verified-run.png", fullPage: true });
  const csv = await (await reviewer.request.get(`/api/projects/${projectId}/runs/${runId}/export?format=csv`)).text();
  expect(csv.split("\r\n").find((line) => line.startsWith("quark_3,"))).toMatch(/,success,failure,failure,yes$/);

  const item = (await verifiedItems("trajectories")).find((t) => t.id === trajectories.quark3);
  expect(item?.derived).toMatchObject({ autoOutcome: true, autoOutcomeAfterOverrides: false });
  expect(item?.derived?.flags).toContain("auto_vs_human");
});

test("c, c, c, s then Ctrl+Enter while the draft saves: one submit and no conflict, for an annotator and then a reviewer", async ({ browser }) => {
  const { trajectories, names } = seed();
  for (const role of ["annotator", "reviewer"] as const) {
    const page = await pageAs(browser, role);
    await openReview(page, trajectories.race);
    for (const key of ["c", "c", "c", "s"]) await page.keyboard.press(key);
    await page.keyboard.press("Control+Enter");
    await expect(page).not.toHaveURL(new RegExp(trajectories.race));
    await expect(page.getByText(/saved elsewhere/)).toHaveCount(0);
  }
  const saved = query<{ name: string; status: string; traceVerdict: string; stepLabels: string }>(
    `SELECT u.name, a.status, a.traceVerdict, a.stepLabels FROM Annotation a JOIN User u ON u.id = a.annotatorId WHERE a.trajectoryId = ? ORDER BY u.name`,
    trajectories.race,
  );
  expect(saved.map((s) => [s.name, s.status, s.traceVerdict])).toEqual([[names.annotator, "submitted", "success"], [names.reviewer, "submitted", "success"]].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)));
  for (const s of saved) expect((JSON.parse(s.stepLabels) as { label: string }[]).map((l) => l.label)).toEqual(["correct", "correct", "correct"]);
  expect(query(`SELECT status FROM Trajectory WHERE id = ?`, trajectories.race)).toEqual([{ status: "verified" }]);
});

test("a first wrong step after an earlier incorrect step is refused, on the page and through the API", async ({ browser }) => {
  const { trajectories } = seed();
  const annotator = await pageAs(browser, "annotator");
  await openReview(annotator, trajectories.firstWrong);
  await annotator.keyboard.press("x");
  await annotator.keyboard.press("ArrowRight");
  await annotator.keyboard.press("ArrowRight");
  await annotator.keyboard.press("w");
  await annotator.keyboard.press("f");
  await expect(annotator.getByText("To submit: step 1 is labeled incorrect, so the first wrong step cannot be step 3.")).toBeVisible();
  await expect(annotator.getByRole("button", { name: "Submit and next" })).toBeDisabled();
  await annotator.keyboard.press("Control+Enter");
  await expect(annotator).toHaveURL(new RegExp(trajectories.firstWrong));

  const payload = { traceVerdict: "failure", firstWrongStep: 2, steps: [{ stepIndex: 0, label: "incorrect" }, { stepIndex: 2, label: "incorrect" }], note: null };
  const reply = await api("annotator", "POST", `/trajectories/${trajectories.firstWrong}/annotations`, { status: "submitted", baseVersion: null, payload });
  expect(reply.status).toBe(400);
  expect(JSON.stringify(reply.body)).toContain("step 1 is labeled incorrect, so the first wrong step cannot be step 3");
  expect(query(`SELECT status FROM Annotation WHERE trajectoryId = ? AND status = 'submitted'`, trajectories.firstWrong)).toEqual([]);
});

test("the GRPO group page states its advantage policy, and the online-RL export writes the same rewards, advantages and policy", async ({ browser }) => {
  test.setTimeout(180_000);
  const { slug, groupKey, trajectories } = seed();
  const reviewer = await pageAs(browser, "reviewer");
  await reviewer.goto(`/projects/${slug}/groups/${groupKey}`);
  await expect(reviewer.getByTestId("advantage-policy")).toContainText("Only verified rollouts");
  const rewards = await reviewer.getByTestId("reward").allTextContents();
  const advantages = await reviewer.getByTestId("advantage").allTextContents();
  // group_a (verified success, 4 steps: 0.98^3) counts alone, standardised as verl does a
  // group of one (reward / (1 + 1e-6)); group_b is left out.
  expect(rewards.map((r) => r.split(" ")[0])).toEqual(["0.941", "—"]);
  expect(advantages.map((a) => a.split(" ")[0])).toEqual(["0.941", "—"]);
  await expect(reviewer.getByTestId("counted-outcome").nth(1)).toHaveText("left out");
  await reviewer.screenshot({ path: "test-results/screens/verified-group.png", fullPage: true });

  const snapshot = await exportPool("onlineRl");
  // The pool's reward table (rewards.csv: numbers as numbers) lists every verified rollout.
  const [header, ...lines] = snapshot.read("rewards.csv").trim().split("\r\n").map((l) => l.split(","));
  const rows = lines.map((cells) => Object.fromEntries(cells.map((c, i) => [header![i]!, c]))).map((r) => ({ id: r.id!, group_key: r.group_key!, group_size: Number(r.group_size), reward: Number(r.reward), advantage: r.advantage === "" ? null : Number(r.advantage) }));
  const a = rows.find((r) => r.id === trajectories.groupVerified)!;
  expect([a.group_key, a.group_size, Number(a.reward.toFixed(3)), Number(a.advantage!.toFixed(3))]).toEqual([groupKey, 1, 0.941, 0.941]);
  expect(rows.map((r) => r.id)).not.toContain(trajectories.groupOpen);
  expect((snapshot.manifest.derivedWith.settings.rewards as { advantagePolicy: string }).advantagePolicy).toBe("verified_only");
  const api = await verifiedItems("trajectories");
  expect(rows.map((r) => r.id).sort()).toEqual(api.map((t) => t.id).sort());
  for (const row of rows) {
    const stored = api.find((t) => t.id === row.id)!.derived!.advantage as number | null;
    if (stored === null) expect(row.advantage, row.id).toBeNull();
    else expect(row.advantage, row.id).toBeCloseTo(stored, 12);
  }

  const evaluation = await exportPool("evaluation");
  const csvName = Object.keys(evaluation.manifest.counts).find((n) => n.endsWith(".csv"))!;
  const csv = evaluation.read(csvName).split("\r\n");
  expect(csv.find((l) => l.startsWith("quark_3,"))).toMatch(/,yes$/);
  expect(csv.find((l) => l.startsWith("flip_1,"))).toMatch(/,success,success,success,no$/);
});
