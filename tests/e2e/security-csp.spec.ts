// Issue 36, item 16: pages allow scripts only by a per-request nonce. Each page here is loaded
// in Chromium and must (1) send a Content-Security-Policy whose script-src has a nonce and no
// 'unsafe-inline', a new nonce on every load; (2) carry that nonce on every script it writes;
// (3) hydrate: a control that only React's handlers drive does its job; (4) log no CSP
// violation and no console error (a script the policy blocked would leave the page inert).
import { expect, test, type Page } from "@playwright/test";
import { readSeed, storageStatePath } from "./seed-file";
import { editorReady } from "./editor-helpers";
import Database from "better-sqlite3";

type Watch = { errors: string[]; violations: () => Promise<string[]> };

// Violations are collected by a listener installed before any page script, and console errors
// (Chromium reports a blocked script there too) as they come.
async function watch(page: Page): Promise<Watch> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`));
  });
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  return { errors, violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations) };
}

type Loaded = { html: string; nonce: string };

async function load(page: Page, url: string): Promise<Loaded> {
  const response = await page.goto(url);
  const policy = response?.headers()["content-security-policy"] ?? "";
  const directive = policy.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src ")) ?? "";
  expect(directive, `script-src of ${policy}`).not.toBe("");
  expect(directive, "no inline scripts but the nonce's").not.toContain("'unsafe-inline'");
  expect(directive).not.toContain("'unsafe-eval'");
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(directive)?.[1];
  expect(nonce, `a nonce in ${directive}`).toBeTruthy();
  return { html: await response!.text(), nonce: nonce! };
}

// Every script the server wrote into the page carries this response's nonce (scripts that
// Next.js's runtime adds later are allowed by 'strict-dynamic', as scripts a nonced one loaded).
function expectScriptsCarry({ html, nonce }: Loaded) {
  const tags = html.match(/<script\b[^>]*>/g) ?? [];
  expect(tags.length, "the page has scripts").toBeGreaterThan(0);
  expect(tags.filter((tag) => !tag.includes(`nonce="${nonce}"`)), "scripts without this response's nonce").toEqual([]);
}

async function expectClean(w: Watch) {
  expect(await w.violations(), "CSP violations").toEqual([]);
  expect(w.errors, "console errors").toEqual([]);
}

test.describe("signed out", () => {
  test("the sign-in page: a fresh nonce on every load, every script carries it, and the language menu works", async ({ page }) => {
    const w = await watch(page);
    const first = await load(page, "/login");
    expectScriptsCarry(first);
    const again = await load(page, "/login");
    expect(again.nonce, "a new nonce per response").not.toBe(first.nonce);
    expectScriptsCarry(again);
    // Hydrated: the language menu's change handler sets the cookie and re-renders in Chinese.
    await page.getByLabel("Language").selectOption("zh-CN");
    await expect(page.getByRole("button", { name: "登录" })).toBeVisible();
    await page.screenshot({ path: "test-results/screens/csp-login.png" });
    await expectClean(w);
  });
});

test.describe("signed in", () => {
  test.use({ storageState: storageStatePath("reviewer") });

  test("a grounding review page: nonce on every script, the editor hydrates and its toolbar buttons work", async ({ page }) => {
    const w = await watch(page);
    const loaded = await load(page, `/projects/demo/samples/${readSeed().reviewSampleIds.workspace}`);
    await editorReady(page);
    expectScriptsCarry(loaded);
    const zoom = page.getByLabel("Zoom level");
    const before = await zoom.textContent();
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect(zoom).not.toHaveText(before!);
    await page.screenshot({ path: "test-results/screens/csp-grounding-review.png", fullPage: true });
    await expectClean(w);
  });

  test("a trajectory review page: nonce on every script, and the shortcuts button opens its overlay", async ({ page }) => {
    const w = await watch(page);
    const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
    const { id } = sqlite.prepare(`SELECT t.id FROM Trajectory t JOIN Project p ON p.id = t.projectId WHERE p.slug = 'runs' ORDER BY t.id LIMIT 1`).get() as { id: string };
    sqlite.close();
    const loaded = await load(page, `/projects/runs/trajectories/${id}`);
    await expect(page.getByRole("list", { name: "Steps" })).toBeVisible();
    expectScriptsCarry(loaded);
    await page.getByRole("button", { name: /Shortcuts/ }).click();
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    await page.screenshot({ path: "test-results/screens/csp-trajectory-review.png", fullPage: true });
    await expectClean(w);
  });
});
