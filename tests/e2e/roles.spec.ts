import { expect, test } from "@playwright/test";
import { readSeed, storageStatePath } from "./seed-file";

test.describe("as an annotator of the demo project", () => {
  test.use({ storageState: storageStatePath("annotator") });

  test("the members screen answers 403 and shows no member list", async ({ page }) => {
    const response = await page.goto("/projects/demo/members");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    await expect(page.getByText("admin@e2e.test")).toHaveCount(0);
    await page.screenshot({ path: "test-results/screens/forbidden.png" });
  });

  test("the project home has no link to the members screen, and the users screen is refused", async ({ page }) => {
    await page.goto("/projects/demo");
    await expect(page.getByText("Your role: annotator")).toBeVisible();
    await expect(page.getByRole("link", { name: "Members" })).toHaveCount(0);
    // Annotators review blind: no runs (model, benchmark, scores) on their home.
    await expect(page.getByRole("heading", { name: "Your recent activity" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Evaluation runs" })).toHaveCount(0);
    const response = await page.goto("/admin/users");
    expect(response?.status()).toBe(403);
  });
});

test.describe("as a member of another project only", () => {
  test.use({ storageState: storageStatePath("outsider") });

  test("the demo project and its screens answer 404", async ({ page }) => {
    for (const url of ["/projects/demo", "/projects/demo/members", "/projects/does-not-exist"]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    }
    await expect(page.getByText("Demo: phone settings")).toHaveCount(0);
  });
});

test.describe("as an admin of the demo project", () => {
  test.use({ storageState: storageStatePath("admin") });

  test("the project home lists the evaluation runs, each linking to its run page", async ({ page }) => {
    await page.goto("/projects/demo");
    const runs = page.getByRole("heading", { name: "Evaluation runs" });
    await expect(runs).toBeVisible();
    await expect(page.locator("section").filter({ has: runs }).getByRole("link").first()).toHaveAttribute("href", /^\/projects\/demo\/runs\//);
  });

  test("adds a member with a role, changes the role, and is told about an unknown e-mail", async ({ page }) => {
    await page.goto("/projects/demo/members");
    const addForm = page.getByRole("form", { name: "Add a member" });
    await addForm.getByLabel("E-mail of an existing user").fill("joiner@e2e.test");
    await addForm.getByLabel("Role").selectOption("reviewer");
    await addForm.getByRole("button", { name: "Add" }).click();
    await expect(addForm.getByRole("status")).toHaveText("joiner@e2e.test is now reviewer.");

    await addForm.getByLabel("E-mail of an existing user").fill("ghost@e2e.test");
    await addForm.getByRole("button", { name: "Add" }).click();
    await expect(addForm.getByRole("alert")).toContainText("No user with e-mail ghost@e2e.test");
    await page.screenshot({ path: "test-results/screens/members.png", fullPage: true });

    const row = page.getByRole("form", { name: "Remove joiner@e2e.test" });
    await row.getByRole("button", { name: "Remove" }).click();
    await expect(row).toHaveCount(0);
  });
});

test.describe("as the site owner", () => {
  test.use({ storageState: storageStatePath("owner") });

  test("creates a user and is shown the generated password once", async ({ page }) => {
    await page.goto("/admin/users");
    const form = page.getByRole("form", { name: "New user" });
    await form.getByLabel("E-mail").fill("newcomer@e2e.test");
    await form.getByLabel("Name").fill("Newcomer");
    await form.getByRole("button", { name: "Create user" }).click();
    await expect(form.getByRole("status")).toContainText("Created newcomer@e2e.test");
    await expect(form.locator("code")).toHaveText(/^[A-Za-z0-9_-]{20,}$/);
    await expect(page.getByRole("cell", { name: "Newcomer newcomer@e2e.test" })).toBeVisible();
    await page.screenshot({ path: "test-results/screens/users.png", fullPage: true });
  });
});

test.describe("a site owner's first project", () => {
  test.use({ storageState: storageStatePath("owner") });

  test("a refused slug keeps the typed name; the creator is the project's admin and can make its first queue", async ({ page }) => {
    await page.goto("/projects");
    const form = page.getByRole("form", { name: "New project" });
    await form.getByLabel("Name").fill("First use");
    // A slug the browser accepts and the server refuses: taken.
    await form.getByLabel("Slug").fill("demo");
    await form.getByRole("button", { name: "Create project" }).click();
    await expect(form.getByRole("alert")).toContainText("A project with slug demo already exists.");
    await expect(form.getByLabel("Name")).toHaveValue("First use");
    await form.getByLabel("Slug").fill("first-use");
    await form.getByRole("button", { name: "Create project" }).click();
    await expect(form.getByRole("status")).toHaveText("Created project first-use.");
    await expect(form.getByLabel("Name")).toHaveValue("");

    await page.goto("/projects/first-use/members");
    const ownerEmail = readSeed().users.owner!.email;
    await expect(page.getByRole("row").filter({ hasText: ownerEmail }).getByRole("combobox")).toHaveValue("admin");
    // Queues and triage pick their members among the project's: the creator is one.
    await page.goto("/projects/first-use/queues");
    const queueForm = page.getByRole("form", { name: "New queue" });
    await expect(queueForm.getByRole("group", { name: "Members" }).getByRole("checkbox")).toHaveCount(1);
    await expect(queueForm.getByRole("group", { name: "Members" })).toContainText(`${ownerEmail} · admin`);
    await page.screenshot({ path: "test-results/screens/first-project-queues.png", fullPage: true });
  });
});

test.describe("a project's settings as its owner", () => {
  test.use({ storageState: storageStatePath("owner") });

  test("the honeypot share reads in percent, and the penalised step labels are saved and shown again", async ({ page }) => {
    await page.goto("/projects");
    const create = page.getByRole("form", { name: "New project" });
    await create.getByLabel("Name").fill("Settings check");
    await create.getByLabel("Slug").fill("settings-check");
    await create.getByRole("button", { name: "Create project" }).click();
    await expect(create.getByRole("status")).toHaveText("Created project settings-check.");

    await page.goto("/projects/settings-check/settings");
    await expect(page.getByLabel("Honeypots (% of a queue's items)")).toHaveValue("5");
    await page.getByRole("checkbox", { name: "redundant" }).check();
    await page.getByRole("checkbox", { name: "no effect" }).check();
    const settings = page.getByRole("form", { name: "Project settings" });
    await settings.getByRole("button", { name: "Save settings" }).click();
    await expect(settings.getByRole("status")).toContainText("Settings saved");
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "redundant" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "no effect" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "wrong element" })).not.toBeChecked();
    await page.screenshot({ path: "test-results/screens/settings-penalised-labels.png", fullPage: true });
  });
});
