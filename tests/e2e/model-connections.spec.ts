// The model connections screen: an admin adds a connection to an OpenAI-compatible server (the
// stand-in, which checks every request as vLLM would and demands the key), tests it and sees
// what the model answered and where that point lies, changes it without retyping the key and
// tests again, and deletes it. The key never reaches the page or the audit log; annotators are
// refused the screen.
import { expect, test } from "@playwright/test";
import { storageStatePath } from "./seed-file";
import { openDb } from "./authz/read-db";
import { startOpenAiStandIn, type OpenAiStandIn } from "../support/openai-stand-in";

const KEY = "sk-e2e-key-123456";
const MODEL = "ui-venus-1.5-7b";

test.describe("model connections as an admin", () => {
  test.use({ storageState: storageStatePath("admin") });
  let server: OpenAiStandIn;

  test.beforeAll(async () => {
    // UI-Venus answers a grounding question with a point on its [0,1000] grid: (750, 250) of the
    // 224x224 test image is (168, 56), inside the blue square (140..196, 28..84).
    server = await startOpenAiStandIn({ models: [MODEL], apiKey: KEY, reply: () => ({ content: "[750,250]" }) });
  });
  test.afterAll(async () => {
    await server?.close();
  });

  test("adds, tests, edits without retyping the key, tests again and deletes a connection", async ({ page }) => {
    const name = `venus-e2e-${Date.now().toString(36)}`;
    await page.goto("/projects/demo");
    await page.getByRole("navigation", { name: "Project administration" }).getByRole("link", { name: "Model connections" }).click();
    await expect(page.getByRole("heading", { name: "Model connections" })).toBeVisible();
    const modelsUrl = page.url();

    const form = page.getByRole("form", { name: "New connection" });
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Base URL").fill("not a url");
    await form.getByLabel("Model name").fill(MODEL);
    await form.getByLabel("API key").fill(KEY);
    await expect(form.getByLabel("API key")).toHaveAttribute("type", "password");
    await expect(form.getByLabel("Coordinate convention")).toHaveValue("rel1000");
    await form.getByRole("button", { name: "Add connection" }).click();
    // A bad value is named by its field, and what was typed stays.
    await expect(form.getByRole("alert")).toContainText("baseUrl is not a URL");
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue(name);

    await form.getByLabel("Base URL").fill(server.url);
    await form.getByRole("button", { name: "Add connection" }).click();
    await expect(form.getByRole("status")).toHaveText(`Connection ${name} added.`);
    await expect(form.getByLabel("API key")).toHaveValue("");

    const card = page.getByRole("article", { name: `Connection ${name}` });
    await expect(card.getByTestId("key-hint")).toHaveText("…3456");
    await expect(card).toContainText(MODEL);
    await expect(card).toContainText(server.url);
    await expect(card).toContainText("relative [0,1000] (Qwen2-VL, Qwen3-VL, UI-Venus-1.5)");
    await expect(card).toContainText("4 at once · no per-minute limit · timeout 120 s");
    await expect(card.getByTestId("last-test")).toHaveText("not tested yet");
    // Neither the rendered page nor the server's HTML (with its RSC payload) holds the key.
    expect(await page.content()).not.toContain(KEY);
    expect(await (await page.request.get(modelsUrl)).text()).not.toContain(KEY);

    await card.getByRole("button", { name: "Test connection" }).click();
    const result = card.getByTestId("connection-test-result");
    await expect(result.getByTestId("test-parsed")).toHaveText("point (168.0, 56.0) — on the test target");
    await expect(result.getByTestId("test-latency")).toHaveText(/^\d[\d,]* ms$/);
    await expect(result).toContainText(/Image sent\s*\d+ × \d+ px/);
    await expect(result.locator("pre")).toHaveText("[750,250]");
    await expect(card.getByTestId("last-test")).toContainText("answered");
    await expect(card.getByTestId("last-test")).toContainText("answered (168.0, 56.0), on the test target");
    await page.screenshot({ path: "test-results/screens/model-connections.png", fullPage: true });

    // Edit: the key field starts empty and says the stored key stays; a blank key keeps it.
    await card.getByRole("button", { name: "Edit" }).click();
    const edit = card.getByRole("form", { name: `Edit ${name}` });
    await expect(edit.getByLabel("API key")).toHaveValue("");
    await expect(edit.getByLabel("API key")).toHaveAttribute("placeholder", "unchanged (…3456)");
    await expect(edit.getByLabel("Remove the stored key")).not.toBeChecked();
    await expect(edit.getByLabel("Base URL")).toHaveValue(server.url);
    await edit.getByLabel("Timeout (seconds)").fill("60");
    await edit.getByLabel("Requests per minute (optional)").fill("120");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(card.getByRole("status")).toHaveText(`Connection ${name} saved.`);
    await expect(edit).toHaveCount(0);
    await expect(card).toContainText("4 at once · 120 per minute · timeout 60 s");
    await expect(card.getByTestId("key-hint")).toHaveText("…3456");
    await expect(card.getByTestId("last-test")).toHaveText("not tested yet");

    await card.getByRole("button", { name: "Test connection" }).click();
    await expect(card.getByTestId("test-parsed")).toHaveText("point (168.0, 56.0) — on the test target");
    // The stand-in answers only with the key: both tests sent it.
    expect(server.requests).toHaveLength(2);
    expect(server.requests.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(await (await page.request.get(modelsUrl)).text()).not.toContain(KEY);

    // The audit log says what was done, never with the key (nor its hint).
    const connectionId = (openDb().prepare(`SELECT "id" FROM "ModelConnection" WHERE "name" = ?`).get(name) as { id: string }).id;
    const audit = openDb().prepare(`SELECT "action", "details" FROM "AuditLog" WHERE "targetId" = ? ORDER BY "createdAt"`).all(connectionId) as { action: string; details: string }[];
    expect(audit.map((row) => row.action)).toEqual(["model_connection.create", "model_connection.test", "model_connection.update", "model_connection.test"]);
    expect(JSON.parse(audit[2]!.details)).toMatchObject({ name, keyChanged: false });
    for (const row of audit) expect(row.details).not.toContain("3456");

    // Delete asks a second time, then the connection is gone.
    await card.getByText("Delete", { exact: true }).click();
    await card.getByRole("form", { name: `Delete ${name}` }).getByRole("button", { name: "Delete connection" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Connection ${name} deleted.` })).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(openDb().prepare(`SELECT COUNT(*) AS n FROM "ModelConnection" WHERE "id" = ?`).get(connectionId)).toEqual({ n: 0 });

    server.assertClean();
  });
});

test.describe("model connections as an annotator", () => {
  test.use({ storageState: storageStatePath("annotator") });

  test("the screen answers 403 and the project home has no link to it", async ({ page }) => {
    await page.goto("/projects/demo");
    await expect(page.getByText("Your role: annotator")).toBeVisible();
    await expect(page.getByRole("link", { name: "Model connections" })).toHaveCount(0);
    const response = await page.goto("/projects/demo/models");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    await expect(page.getByRole("form", { name: "New connection" })).toHaveCount(0);
  });
});
