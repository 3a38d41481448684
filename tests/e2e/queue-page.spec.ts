// The queue page: a reviewer sees a queue's items, their status and each member's progress
// (the figures the queues list shows); an annotator is refused it; an admin closes a queue
// (no new claims: the Start of a member leads back to the list saying so), archives it (off
// the list, under Archived queues), restores and reopens it.
import { expect, test } from "@playwright/test";
import { closePages, pageAs, seed } from "./verified-support";

test.afterEach(closePages);

test("a reviewer reads the dispute's queue page: the item awaiting adjudication, both submitters and each member's progress", async ({ browser }) => {
  const { slug, queues, second, names } = seed();
  const reviewer = await pageAs(browser, "reviewer");
  await reviewer.goto(`/projects/${slug}/queues`);
  await reviewer.getByRole("link", { name: "Dispute pass", exact: true }).click();
  await expect(reviewer.getByRole("heading", { name: "Dispute pass", level: 1 })).toBeVisible();
  await expect(reviewer.getByTestId("queue-status")).toHaveText("open");
  const progress = reviewer.getByRole("list", { name: "Queue progress" }).or(reviewer.getByLabel("Queue progress"));
  await expect(progress).toContainText("Items1");
  await expect(progress).toContainText("Submitted2 / 2");
  await expect(progress).toContainText("Awaiting adjudication1");
  // Honeypot figures are an admin's.
  await expect(progress).not.toContainText("Honeypots");

  const members = reviewer.getByRole("table", { name: "Progress per member" });
  for (const name of [names.annotator, second.name]) {
    // Submitted, in hand, skipped, lease ran out, share of the queue's one item.
    await expect(members.getByRole("row").filter({ hasText: name }).getByRole("cell")).toHaveText([new RegExp(name), "1", "0", "0", "0", "100%"]);
  }
  const items = reviewer.getByRole("table", { name: "Queue items" });
  const row = items.getByRole("row").filter({ hasText: "Open the Help menu" });
  await expect(row).toContainText("awaiting adjudication");
  await expect(row).toContainText("2 / 2");
  await expect(row).toContainText(names.annotator);
  await expect(row).toContainText(second.name);
  // The status filter: nothing of this queue is verified yet.
  await reviewer.getByRole("navigation", { name: "Item status" }).getByRole("link", { name: "verified", exact: true }).click();
  await expect(reviewer.getByText("No item is verified.")).toBeVisible();
  await expect(reviewer.getByRole("button", { name: "Close queue" })).toHaveCount(0);
  await reviewer.getByRole("navigation", { name: "Item status" }).getByRole("link", { name: "all", exact: true }).click();
  await expect(row).toBeVisible();
  for (const [width, height] of [[1440, 900], [1280, 720]] as const) {
    await reviewer.setViewportSize({ width, height });
    await reviewer.screenshot({ path: `test-results/screens/queue-page-${width}.png`, fullPage: true });
  }
  expect(queues.dispute).toBeTruthy();
});

test("an annotator is refused the queue page, even of a queue they work", async ({ browser }) => {
  const { slug, queues } = seed();
  const annotator = await pageAs(browser, "annotator");
  const response = await annotator.goto(`/projects/${slug}/queues/${queues.dispute}`);
  expect(response?.status()).toBe(403);
  await expect(annotator.getByText("Open the Help menu")).toHaveCount(0);
});

test("an admin closes a queue, its member is told so on Start, then archives, restores and reopens it", async ({ browser }) => {
  const { slug, queues } = seed();
  const admin = await pageAs(browser, "admin");
  const annotator = await pageAs(browser, "annotator");
  await annotator.goto(`/projects/${slug}/queues`);
  const start = annotator.getByRole("button", { name: "Start Closing pass" });
  await expect(start).toBeVisible();

  await admin.goto(`/projects/${slug}/queues/${queues.closing}`);
  await admin.getByRole("button", { name: "Close queue" }).click();
  await expect(admin.getByTestId("queue-status")).toHaveText("closed: gives out no new items");
  // The annotator's page still shows Start: pressing it leads back to the list, told why.
  await start.click();
  await expect(annotator.getByRole("status")).toHaveText("Closing pass is closed: it gives out no new items.");
  await expect(annotator.getByRole("button", { name: "Start Closing pass" })).toHaveCount(0);

  await admin.getByRole("button", { name: "Archive" }).click();
  await expect(admin.getByTestId("queue-status")).toHaveText("archived");
  await admin.goto(`/projects/${slug}/queues`);
  await expect(admin.getByRole("link", { name: "Closing pass", exact: true })).toHaveCount(0);
  await admin.getByRole("link", { name: /^Archived queues \(\d+\)/ }).click();
  await admin.getByRole("link", { name: "Closing pass", exact: true }).click();
  await admin.getByRole("button", { name: "Restore" }).click();
  await expect(admin.getByTestId("queue-status")).toHaveText("closed: gives out no new items");
  await admin.getByRole("button", { name: "Reopen" }).click();
  await expect(admin.getByTestId("queue-status")).toHaveText("open");
  await annotator.goto(`/projects/${slug}/queues`);
  await expect(annotator.getByRole("button", { name: "Start Closing pass" })).toBeVisible();
});

test("an admin queues a searched list: the form carries the search over and the queue holds exactly the matching samples", async ({ browser }) => {
  const { slug } = seed();
  const admin = await pageAs(browser, "admin");
  await admin.goto(`/projects/${slug}/samples?q=MENU`);
  const matching = await admin.getByRole("list", { name: "Samples" }).getByRole("listitem").count();
  expect(matching).toBeGreaterThan(1);
  await admin.getByRole("link", { name: "Queue these" }).click();
  const form = admin.getByRole("form", { name: "New queue" });
  await expect(form.getByTestId("carried-filters")).toContainText("q = MENU");
  await form.getByLabel("Name").fill("Menu pass");
  await form.getByLabel("Honeypots (% of items)").fill("0");
  await form.getByRole("group", { name: "Members" }).getByRole("checkbox").first().check();
  await form.getByRole("button", { name: "Create queue" }).click();
  await expect(form.getByRole("status")).toHaveText(`Queue "Menu pass" created with ${matching} items.`);
  await admin.screenshot({ path: "test-results/screens/queue-from-search.png", fullPage: true });
});
