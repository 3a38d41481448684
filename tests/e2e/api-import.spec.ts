import { expect, test } from "@playwright/test";
import { readSeed, storageStatePath } from "./seed-file";

test.describe("the v1 API", () => {
  test.use({ storageState: storageStatePath("admin") });

  test("an admin creates a token, a script imports NDJSON with it, and a revoked token is refused", async ({ page, playwright }) => {
    const { demoProjectId } = readSeed();
    await page.goto("/projects/demo/tokens");
    const form = page.getByRole("form", { name: "New token" });
    await form.getByLabel("Name").fill("pipeline");
    await form.getByLabel("Role").selectOption("admin");
    await form.getByRole("button", { name: "Create token" }).click();
    const secret = (await form.locator("code").textContent())!;
    expect(secret).toMatch(/^vrt_/);
    await page.screenshot({ path: "test-results/screens/tokens.png", fullPage: true });

    const api = await playwright.request.newContext({ baseURL: page.url().replace(/\/projects.*$/, ""), extraHTTPHeaders: { authorization: `Bearer ${secret}` } });
    const ndjson = [
      { type: "sample", id: "api-1", dataset: "api", image: null, image_size: [100, 50], instruction: "Press OK", box: [10, 10, 40, 30] },
      { type: "sample", id: "api-2", dataset: "api", image: null, image_size: [100, 50], instruction: "Nothing to press", box: null },
    ].map((l) => JSON.stringify(l)).join("\n");
    const started = await api.post(`/api/v1/projects/${demoProjectId}/imports`, { data: ndjson, headers: { "content-type": "application/x-ndjson" } });
    expect(started.status()).toBe(202);
    const { jobId } = await started.json();
    await expect.poll(async () => (await (await api.get(`/api/v1/projects/${demoProjectId}/jobs/${jobId}`)).json()).job.status, { timeout: 15_000 }).toBe("succeeded");
    const job = (await (await api.get(`/api/v1/projects/${demoProjectId}/jobs/${jobId}`)).json()).job;
    expect(job.report.created.samples).toBe(2);

    const wrongProject = await api.get(`/api/v1/projects/cmxnotmyproject000000/jobs/${jobId}`);
    expect(wrongProject.status()).toBe(404);

    await page.reload();
    await page.getByRole("form", { name: "Revoke pipeline" }).getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByText(/^revoked /)).toBeVisible();
    const refused = await api.get(`/api/v1/projects/${demoProjectId}/jobs/${jobId}`);
    expect(refused.status()).toBe(401);
    await api.dispose();
  });

  test("a request without a token is refused before anything is read", async ({ playwright }) => {
    const { demoProjectId } = readSeed();
    const anonymous = await playwright.request.newContext({ baseURL: process.env.PLAYWRIGHT_BASE_URL });
    const response = await anonymous.post(`http://127.0.0.1:${process.env.VERITY_E2E_PORT}/api/v1/projects/${demoProjectId}/imports`, { data: "{}" });
    expect(response.status()).toBe(401);
    await anonymous.dispose();
  });
});
