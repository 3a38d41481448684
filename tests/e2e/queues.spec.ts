// Queues end to end: an admin makes a queue in the UI, an annotator works through it with
// Start / submit, and the claims are read back from the database.
import { expect, test, type Browser } from "@playwright/test";
import Database from "better-sqlite3";
import { editorReady } from "./editor-helpers";
import { readSeed, storageStatePath, type E2eRole } from "./seed-file";

test.describe.configure({ mode: "serial" });

const QUEUE = "E2E demo samples";
const REVIEWERS_ONLY = "E2E reviewers only";

function query<T>(sql: string, ...args: unknown[]): T[] {
  const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  try {
    return sqlite.prepare(sql).all(...args) as T[];
  } finally {
    sqlite.close();
  }
}

const queueId = (name: string) => query<{ id: string }>(`SELECT id FROM Queue WHERE name = ?`, name)[0]!.id;

async function pageAs(browser: Browser, role: E2eRole) {
  const context = await browser.newContext({ storageState: storageStatePath(role) });
  return context.newPage();
}

test("an admin creates queues over the demo samples", async ({ browser }) => {
  const page = await pageAs(browser, "admin");
  await page.goto("/projects/demo/queues");
  const create = async (name: string, member: RegExp) => {
    const form = page.getByRole("form", { name: "New queue" });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Source").selectOption("verity-demo");
    await form.getByLabel("Overlap (annotators per item)").fill("1");
    await form.getByRole("checkbox", { name: member }).check();
    await form.getByRole("button", { name: "Create queue" }).click();
    await expect(form.getByRole("status")).toContainText(`Queue "${name}" created with`);
  };
  await create(QUEUE, /Annotator Tester/);
  await create(REVIEWERS_ONLY, /Reviewer Tester/);
  await expect(page.getByRole("list", { name: "Queues" }).getByRole("heading", { name: QUEUE })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/queues-admin.png", fullPage: true });
});

test("an annotator starts the queue, submits, and lands on the next claimed sample", async ({ browser }) => {
  const { users } = readSeed();
  const page = await pageAs(browser, "annotator");
  await page.goto("/projects/demo/queues");
  await expect(page.getByRole("heading", { name: REVIEWERS_ONLY })).toHaveCount(0);
  await page.screenshot({ path: "test-results/screens/queues-annotator.png", fullPage: true });
  await page.getByRole("button", { name: `Start ${QUEUE}` }).click();
  await expect(page).toHaveURL(/\/projects\/demo\/samples\/[a-z0-9]+\?claim=[a-z0-9]+&queue=/);
  const first = new URL(page.url());
  const firstSample = first.pathname.split("/").at(-1)!;
  const firstClaim = first.searchParams.get("claim")!;

  await editorReady(page);
  await page.getByRole("checkbox", { name: "Target absent" }).check();
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  const replied = page.waitForResponse((response) => response.request().method() === "POST" && response.url().endsWith(`/samples/${firstSample}/answer`));
  await page.getByRole("button", { name: "Submit and next" }).click();
  await expect(page).not.toHaveURL(new RegExp(firstClaim));
  await expect(page).toHaveURL(/\/projects\/demo\/samples\/[a-z0-9]+\?claim=[a-z0-9]+&queue=/);
  const second = new URL(page.url());
  // The screen asked for the next item's screen with the submit, and the reply carried it: the
  // item the claim names, in queue mode (its claim, no standing).
  const reply = await (await replied).json();
  expect(reply.next).toBe(second.pathname + second.search);
  expect(reply.nextScreen).toMatchObject({ address: reply.next, review: { id: second.pathname.split("/").at(-1) }, claim: { claimId: second.searchParams.get("claim") }, standing: null });
  // One request saved the answer, closed the claim and claimed the next item: no /next form.
  expect(posts).toEqual([`/api/projects/${readSeed().demoProjectId}/samples/${firstSample}/answer`]);
  expect(second.searchParams.get("unsubmitted")).toBeNull();
  await expect(page.getByRole("region", { name: "Queue" }).getByRole("alert")).toHaveCount(0);
  expect(second.pathname.split("/").at(-1)).not.toBe(firstSample);
  expect(second.searchParams.get("queue")).toBe(first.searchParams.get("queue"));

  const claims = query<{ id: string; status: string; sampleId: string }>(
    `SELECT c.id, c.status, qi.sampleId FROM Claim c JOIN QueueItem qi ON qi.id = c.queueItemId JOIN User u ON u.id = c.userId
      WHERE u.email = ? AND qi.queueId = ? ORDER BY c.createdAt`,
    users.annotator!.email,
    queueId(QUEUE),
  );
  expect(claims).toEqual([
    { id: firstClaim, status: "submitted", sampleId: firstSample },
    { id: second.searchParams.get("claim"), status: "active", sampleId: second.pathname.split("/").at(-1) },
  ]);

  await page.goto("/projects/demo/queues");
  const queueRow = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: QUEUE }) });
  await expect(queueRow.getByText(/^1 \/ \d+ submitted$/)).toBeVisible();
  await page.screenshot({ path: "test-results/screens/queues-progress.png", fullPage: true });
});

test("a claim whose close is refused on the way to the next item stays as it was, and the next page says why", async ({ browser, baseURL }) => {
  const { demoProjectId, users } = readSeed();
  const annotator = await pageAs(browser, "annotator");
  const reviewer = await pageAs(browser, "reviewer");
  const next = (name: string) => `/api/projects/${demoProjectId}/queues/${queueId(name)}/next`;
  const claimsOf = (email: string) =>
    query<{ id: string; status: string }>(`SELECT c.id, c.status FROM Claim c JOIN User u ON u.id = c.userId WHERE u.email = ? ORDER BY c.id`, email);

  // The annotator holds the claim the previous test left open, with no answer submitted on it.
  const held = await annotator.request.post(next(QUEUE), { maxRedirects: 0, headers: { Origin: baseURL! } });
  const heldAt = new URL(held.headers().location!, baseURL);
  const heldClaim = heldAt.searchParams.get("claim")!;
  const unanswered = await annotator.request.post(next(QUEUE), { maxRedirects: 0, headers: { Origin: baseURL! }, form: { close: heldClaim } });
  expect(unanswered.status()).toBe(303);
  const back = new URL(unanswered.headers().location!, baseURL);
  expect(back.pathname).toBe(heldAt.pathname);
  expect(back.searchParams.get("claim")).toBe(heldClaim);
  expect(back.searchParams.get("unsubmitted")).toBe("unanswered");
  expect(claimsOf(users.annotator!.email).find((c) => c.id === heldClaim)?.status).toBe("active");
  await annotator.goto(back.pathname + back.search);
  await expect(annotator.getByRole("region", { name: "Queue" }).getByRole("alert")).toHaveText("Your last claim is still open: its answer was not submitted. Submit it again.");
  await annotator.screenshot({ path: "test-results/screens/queue-unsubmitted-notice.png" });

  // Someone else's claim: the annotator cannot close it, and it is left exactly as it was.
  const started = await reviewer.request.post(next(REVIEWERS_ONLY), { maxRedirects: 0, headers: { Origin: baseURL! } });
  const reviewerClaim = new URL(started.headers().location!, baseURL).searchParams.get("claim")!;
  const before = claimsOf(users.reviewer!.email);
  const foreign = await annotator.request.post(next(QUEUE), { maxRedirects: 0, headers: { Origin: baseURL! }, form: { close: reviewerClaim } });
  expect(new URL(foreign.headers().location!, baseURL).searchParams.get("unsubmitted")).toBe("no-claim");
  expect(claimsOf(users.reviewer!.email)).toEqual(before);

  // A submit naming a queue the annotator is not in, and someone else's claim there: the answer
  // is saved (it is theirs to save), but nothing is closed or claimed, and no address comes back.
  const heldAnswer = `/api/projects/${demoProjectId}/samples${heldAt.pathname.slice(heldAt.pathname.lastIndexOf("/"))}/answer`;
  const absent = { targetAbsent: true, box: null, instructionRewrite: null, qualityScore: null, note: null };
  const answered = await annotator.request.post(heldAnswer, {
    headers: { Origin: baseURL! },
    data: { baseVersion: null, status: "submitted", payload: absent, queue: { queueId: queueId(REVIEWERS_ONLY), claimId: reviewerClaim } },
  });
  const reply = await answered.json();
  expect(reply.ok).toBe(true);
  expect(reply.next).toBeUndefined();
  expect(claimsOf(users.reviewer!.email)).toEqual(before);
  expect(query(`SELECT 1 FROM Claim c JOIN QueueItem qi ON qi.id = c.queueItemId JOIN User u ON u.id = c.userId WHERE u.email = ? AND qi.queueId = ?`, users.annotator!.email, queueId(REVIEWERS_ONLY))).toEqual([]);
  // A queue step that is not ids is refused with the whole save: nothing stored.
  const versions = query(`SELECT a.version FROM Annotation a JOIN User u ON u.id = a.annotatorId WHERE u.email = ?`, users.annotator!.email);
  const forgedStep = await annotator.request.post(heldAnswer, {
    headers: { Origin: baseURL! },
    data: { baseVersion: null, status: "submitted", payload: absent, queue: { queueId: { $ne: null }, claimId: "x" } },
  });
  expect(forgedStep.status()).toBe(400);
  expect(query(`SELECT a.version FROM Annotation a JOIN User u ON u.id = a.annotatorId WHERE u.email = ?`, users.annotator!.email)).toEqual(versions);

  // Not a claim id at all: refused outright, nothing claimed.
  const count = claimsOf(users.annotator!.email).length;
  const malformed = await annotator.request.post(next(QUEUE), { maxRedirects: 0, headers: { Origin: baseURL! }, form: { close: "'; DROP TABLE Claim; --" } });
  expect(malformed.status()).toBe(400);
  expect(claimsOf(users.annotator!.email).length).toBe(count);
});

test("an annotator who is not a member of a queue is refused", async ({ browser, baseURL }) => {
  const page = await pageAs(browser, "annotator");
  const { demoProjectId } = readSeed();
  const next = `/api/projects/${demoProjectId}/queues/${queueId(REVIEWERS_ONLY)}/next`;
  const response = await page.request.post(next, { maxRedirects: 0, headers: { Origin: baseURL! } });
  expect(response.status()).toBe(403);
  expect((await response.json()).error.message).toBe("You are not a member of this queue.");
});

test("Start claims only on a same-origin POST: a GET or a cross-site POST claims nothing", async ({ browser }) => {
  const page = await pageAs(browser, "annotator");
  const { demoProjectId, users } = readSeed();
  const next = `/api/projects/${demoProjectId}/queues/${queueId(QUEUE)}/next`;
  // This queue's claims only: other specs claim from other queues as the same annotator meanwhile.
  const claims = () =>
    query<{ n: number }>(`SELECT COUNT(*) AS n FROM Claim c JOIN User u ON u.id = c.userId JOIN QueueItem qi ON qi.id = c.queueItemId WHERE u.email = ? AND qi.queueId = ?`, users.annotator!.email, queueId(QUEUE))[0]!.n;
  const before = claims();
  const get = await page.request.get(next, { maxRedirects: 0 });
  expect(get.status()).toBe(303);
  expect(get.headers().location).toBe("/projects/demo/queues");
  const forged = await page.request.post(next, { maxRedirects: 0, headers: { Origin: "https://evil.example" } });
  expect(forged.status()).toBe(403);
  const bare = await page.request.post(next, { maxRedirects: 0 });
  expect(bare.status()).toBe(403);
  expect(claims()).toBe(before);
});
