// Attacks that hit peer tools (Label Studio, CVAT, Langfuse advisories), each against the
// running build: stored XSS, disguised uploads, path traversal, oversized bodies, hostile
// JSON, mass assignment, filter smuggling, CSRF and session fixation. Zip-slip and zip bombs
// are in tests/db/import-robustness.test.ts, brute force and open redirects in auth.spec.ts,
// foreign and revoked API tokens in authz-matrix.spec.ts, formula injection in
// tests/unit/runs/corrected-table.test.ts.
import http from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { readSeed, storageStatePath } from "./seed-file";
import { apiToken, authzSeed } from "./authz/probes";
import { baseUrl, callAction, callRoute, formData } from "./authz/client";
import { openDb } from "./authz/read-db";

const XSS = `<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>"'><svg onload=window.__xss=1>`;

async function importLines(lines: object[]): Promise<{ status: string; report: Record<string, unknown> }> {
  const token = await apiToken("admin", "admin");
  const projectId = authzSeed().demoProjectId;
  const started = await fetch(`${baseUrl()}/api/v1/projects/${projectId}/imports`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson" },
    body: lines.map((line) => (typeof line === "string" ? line : JSON.stringify(line))).join("\n"),
  });
  expect(started.status, await started.clone().text()).toBe(202);
  const { jobId } = (await started.json()) as { jobId: string };
  for (let i = 0; i < 100; i++) {
    const polled = await fetch(`${baseUrl()}/api/v1/projects/${projectId}/jobs/${jobId}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await polled.json()) as { job: { status: string; report: Record<string, unknown> } };
    if (!["queued", "running"].includes(body.job.status)) return body.job;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the import did not finish");
}

async function expectInert(page: Page, url: string, visibleText: string | RegExp) {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(url);
  await expect(page.getByText(visibleText).filter({ visible: true }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test.describe("stored XSS is rendered as text", () => {
  test.use({ storageState: storageStatePath("admin") });

  test("in instructions, goals, thoughts, raw outputs, typed text, answers and run names", async ({ page }) => {
    const tag = Date.now().toString(36);
    const job = await importLines([
      { type: "run", name: `run ${tag} ${XSS}`, benchmark: "xss" },
      { type: "sample", id: `xss-${tag}`, dataset: "xss", image: null, image_size: [100, 50], instruction: `Sample ${tag} ${XSS}`, box: [1, 1, 9, 9] },
      {
        type: "trajectory",
        id: `xss-${tag}`,
        dataset: "xss",
        run: `run ${tag} ${XSS}`,
        goal: `Goal ${tag} ${XSS}`,
        steps: [
          { image: null, thought: `Thought ${tag} ${XSS}`, raw_output: `Raw ${tag} ${XSS}`, action: { type: "type", text: `Typed ${tag} ${XSS}` } },
          { image: null, thought: "done", action: { type: "finish", answer: `Answer ${tag} ${XSS}` } },
        ],
      },
    ]);
    expect(job.status, JSON.stringify(job.report)).toBe("succeeded");
    const db = openDb();
    const sample = db.prepare(`SELECT "id" FROM "GroundingSample" WHERE "sourceId" = ?`).get(`xss-${tag}`) as { id: string };
    const trajectory = db.prepare(`SELECT "id" FROM "Trajectory" WHERE "sourceId" = ?`).get(`xss-${tag}`) as { id: string };
    expect(sample && trajectory).toBeTruthy();

    await expectInert(page, `/projects/demo/samples?source=xss`, `Sample ${tag}`);
    await expectInert(page, `/projects/demo/samples/${sample.id}`, `Sample ${tag}`);
    await expectInert(page, `/projects/demo/trajectories`, `Goal ${tag}`);
    await expectInert(page, `/projects/demo/trajectories/${trajectory.id}`, `Thought ${tag}`);
    await expect(page.getByText(`Typed ${tag}`).first()).toBeVisible();
    await page.keyboard.press("j");
    await expect(page.getByText(`Answer ${tag}`).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await page.screenshot({ path: "test-results/screens/xss-trajectory.png", fullPage: true });
  });

  test("in a project name", async ({ browser }) => {
    const slug = `xss-${Date.now().toString(36)}`;
    const made = await callAction("owner", "lib/actions/users.ts", "createProjectAction", [null, formData({ slug, name: `Project ${XSS}` })]);
    expect(made.result?.ok, made.raw).toBe(true);
    const context = await browser.newContext({ storageState: storageStatePath("owner") });
    const page = await context.newPage();
    await expectInert(page, "/projects", /Project <img/);
    await expectInert(page, `/projects/${slug}`, /Project <img/);
    await context.close();
  });
});

test.describe("uploads and paths", () => {
  test("an SVG and an HTML file named .png are refused as images", async () => {
    const projectId = authzSeed().demoProjectId;
    const created = await callRoute("admin", "POST", `/api/projects/${projectId}/imports/staging`);
    const { stagingId } = JSON.parse(created.text) as { stagingId: string };
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>`;
    await callRoute("admin", "PUT", `/api/projects/${projectId}/imports/staging/${stagingId}?path=evil.png`, { body: svg });
    await callRoute("admin", "PUT", `/api/projects/${projectId}/imports/staging/${stagingId}?path=page.png`, { body: "<html><script>alert(1)</script></html>" });
    const line = (id: string, image: string) => JSON.stringify({ type: "sample", id, dataset: "disguised", image, image_size: [10, 10], instruction: "x", box: [1, 1, 5, 5] });
    await callRoute("admin", "PUT", `/api/projects/${projectId}/imports/staging/${stagingId}?path=records.jsonl`, { body: `${line("svg", "evil.png")}\n${line("html", "page.png")}\n` });
    // Served back from the upload area only as a real image type, never as SVG/HTML.
    const served = await callRoute("admin", "GET", `/api/projects/${projectId}/imports/staging/${stagingId}/file?path=evil.png`);
    expect(served.status).toBeGreaterThanOrEqual(400);
    const preview = await callRoute("admin", "POST", `/api/projects/${projectId}/imports/preview`, {
      body: JSON.stringify({ source: { kind: "staging", stagingId } }),
      headers: { "content-type": "application/json" },
    });
    expect(preview.status).toBe(200);
    expect(preview.text).toMatch(/evil\.png/);
    expect(preview.text).toMatch(/not a PNG, JPEG or WebP|not an image|image/i);
    const started = await callRoute("admin", "POST", `/api/projects/${projectId}/imports`, {
      body: JSON.stringify({ source: { kind: "staging", stagingId } }),
      headers: { "content-type": "application/json" },
    });
    expect(started.status).toBe(202);
    const { jobId } = JSON.parse(started.text) as { jobId: string };
    await expect
      .poll(async () => JSON.parse((await callRoute("admin", "GET", `/api/projects/${projectId}/jobs/${jobId}`)).text).job.status, { timeout: 20_000 })
      .toMatch(/succeeded|failed/);
    const media = openDb().prepare(`SELECT COUNT(*) AS n FROM "Media" WHERE "mime" NOT IN ('image/png', 'image/jpeg', 'image/webp')`).get() as { n: number };
    expect(media.n).toBe(0);
    const samples = openDb().prepare(`SELECT "mediaId" FROM "GroundingSample" WHERE "sourceDataset" = 'disguised'`).all() as { mediaId: string | null }[];
    for (const sample of samples) expect(sample.mediaId).toBeNull();
  });

  test("path traversal in media ids, upload paths and server import paths is refused", async () => {
    for (const id of ["..%2F..%2Fetc%2Fpasswd", "%2e%2e", "..", "x%00y", encodeURIComponent("/etc/passwd"), `${readSeed().demoMediaId}%2F..%2F..`]) {
      const response = await callRoute("admin", "GET", `/api/media/${id}`);
      // Next.js normalises dot segments with a redirect to the resolved path, itself refused.
      expect([308, 400, 404], `media id ${id}`).toContain(response.status);
      if (response.status === 308) expect(response.location ?? "").toMatch(/^\/api\/media\/?$|^\/api\/?$|^\/$/);
      expect(response.text).not.toContain("root:");
    }
    const projectId = authzSeed().demoProjectId;
    const created = await callRoute("admin", "POST", `/api/projects/${projectId}/imports/staging`);
    const { stagingId } = JSON.parse(created.text) as { stagingId: string };
    // Encoded once more, "..%2F" is no separator any longer: a literal (odd) name inside the upload.
    const literal = await callRoute("admin", "PUT", `/api/projects/${projectId}/imports/staging/${stagingId}?path=${encodeURIComponent("..%2Fescape.jsonl")}`, { body: "{}" });
    expect(literal.status).toBe(201);
    expect(JSON.parse(literal.text).path).toBe("..%2Fescape.jsonl");
    for (const bad of ["../escape.jsonl", "/etc/cron.d/x", "a/../../b", "C:\\x", "a\\..\\b", "..", "x\u0000y"]) {
      const response = await callRoute("admin", "PUT", `/api/projects/${projectId}/imports/staging/${stagingId}?path=${encodeURIComponent(bad)}`, { body: "{}" });
      expect(response.status, `upload path ${bad}`).toBe(400);
      const read = await callRoute("admin", "GET", `/api/projects/${projectId}/imports/staging/${stagingId}/file?path=${encodeURIComponent(bad)}`);
      expect(read.status, `read path ${bad}`).toBeGreaterThanOrEqual(400);
    }
    for (const bad of ["/etc", "../../etc", "/tmp/../etc/passwd", "%2e%2e/etc"]) {
      const response = await callRoute("admin", "POST", `/api/projects/${projectId}/imports/preview`, {
        body: JSON.stringify({ source: { kind: "server", path: bad } }),
        headers: { "content-type": "application/json" },
      });
      expect(response.status, `server path ${bad}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.text).not.toContain("root:");
    }
  });

  test("a 5 GB request body is refused before it is read", async () => {
    const projectId = authzSeed().demoProjectId;
    const created = await callRoute("admin", "POST", `/api/projects/${projectId}/imports/staging`);
    const { stagingId } = JSON.parse(created.text) as { stagingId: string };
    const cookie = (await import("./authz/client")).cookieOf("admin");
    const url = new URL(`${baseUrl()}/api/projects/${projectId}/imports/staging/${stagingId}?path=huge.jsonl`);
    const { status, sent } = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
      let sent = 0;
      const request = http.request(url, { method: "PUT", headers: { cookie, "content-length": String(5 * 1024 ** 3) } }, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, sent });
        request.destroy();
      });
      request.on("error", (error) => (sent > 0 ? resolve({ status: 0, sent }) : reject(error)));
      const chunk = Buffer.alloc(1024 * 1024, 97);
      const pump = () => {
        while (sent < 64 * 1024 * 1024) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once("drain", pump);
        }
      };
      pump();
    });
    expect(status).toBe(413);
    expect(sent).toBeLessThanOrEqual(64 * 1024 * 1024);
  });
});

test.describe("hostile JSON", () => {
  test("deeply nested, huge and prototype-polluting lines are refused one by one and the rest imported", async () => {
    const tag = Date.now().toString(36);
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const huge = JSON.stringify({ type: "sample", id: `huge-${tag}`, dataset: "hostile", image: null, image_size: [10, 10], instruction: "x".repeat(2_000_000), box: [1, 1, 5, 5] });
    const polluting = `{"type":"sample","id":"proto-${tag}","dataset":"hostile","image":null,"image_size":[10,10],"instruction":"p","box":[1,1,5,5],"__proto__":{"isOwner":true,"polluted":1},"constructor":{"prototype":{"polluted":1}}}`;
    const good = { type: "sample", id: `good-${tag}`, dataset: "hostile", image: null, image_size: [10, 10], instruction: "good", box: [1, 1, 5, 5] };
    const job = await importLines([deep as unknown as object, huge as unknown as object, polluting as unknown as object, good]);
    expect(job.status, JSON.stringify(job.report).slice(0, 500)).toBe("succeeded");
    const rows = openDb().prepare(`SELECT "sourceId", "extra" FROM "GroundingSample" WHERE "sourceDataset" = 'hostile' AND "sourceId" LIKE ?`).all(`%-${tag}`) as { sourceId: string; extra: string | null }[];
    const ids = rows.map((r) => r.sourceId);
    expect(ids).toContain(`good-${tag}`);
    expect(ids).not.toContain(`huge-${tag}`);
    for (const row of rows) expect(row.extra ?? "").not.toContain("polluted");
    const report = JSON.stringify(job.report);
    expect(report).toMatch(/"line":1,/);
    expect(report).toMatch(/"line":2,/);
    // The server still answers, and nobody became an owner through a polluted prototype.
    const projects = await callRoute("annotator", "GET", "/admin/users");
    expect([403, 404]).toContain(projects.status);
  });
});

test.describe("inputs cannot reach beyond what they name", () => {
  test("mass assignment: a project id, role or owner flag smuggled into an action's input is refused or ignored", async () => {
    const s = authzSeed();
    const otherSample = openDb().prepare(`SELECT g."id" FROM "GroundingSample" g JOIN "Project" p ON p."id" = g."projectId" WHERE p."slug" = 'demo' LIMIT 1`).get() as { id: string };
    // The other project's media belongs to no sample; use a sample of the runs project instead.
    const foreign = openDb().prepare(`SELECT g."id" FROM "GroundingSample" g WHERE g."projectId" <> ? LIMIT 1`).get(s.demoProjectId) as { id: string } | undefined;
    const payload = { targetAbsent: false, box: [1, 1, 5, 5], instructionRewrite: null, qualityScore: null, note: null };
    // The review screen's save route takes the project from its path and the answer from a strict payload.
    const saveAs = (projectId: string, sampleId: string, body: object) =>
      callRoute("annotator", "POST", `/api/projects/${projectId}/samples/${sampleId}/answer`, { body: JSON.stringify(body), headers: { "content-type": "application/json" } });
    if (foreign) {
      const save = await saveAs(s.demoProjectId, foreign.id, { baseVersion: null, status: "draft", payload, projectId: foreign.id });
      expect(JSON.parse(save.text).ok, `a sample of another project: ${save.text}`).toBe(false);
    }
    const smuggled = await saveAs(s.demoProjectId, otherSample.id, { baseVersion: null, status: "draft", payload: { ...payload, annotatorId: "someone-else", status: "verified" } });
    expect(smuggled.status, "unknown payload keys are refused").toBe(400);
    const grant = await callAction("admin", "lib/actions/members.ts", "grantRoleAction", [null, formData({ projectId: s.demoProjectId, email: s.otherUserEmail, role: "owner" })]);
    expect(grant.result?.ok, "no role above admin can be granted").toBe(false);
    const settings = await callAction("admin", "lib/actions/project-settings.ts", "updateProjectSettingsAction", [
      null,
      formData({ projectId: s.demoProjectId, name: "Demo project", description: "", eta: "0.98", invalidActionPenalty: "-0.1", goldMin: "7", rewriteMin: "4", iouAgreementThreshold: "0.5", honeypotRate: "0.05", slug: "hijacked", isOwner: "on" }),
    ]);
    expect(settings.result?.ok).toBe(true);
    const project = openDb().prepare(`SELECT "slug" FROM "Project" WHERE "id" = ?`).get(s.demoProjectId) as { slug: string };
    expect(project.slug).toBe("demo");
    const admin = openDb().prepare(`SELECT "isOwner" FROM "User" WHERE "email" = ?`).get(readSeed().users.admin!.email) as { isOwner: number };
    expect(admin.isOwner).toBe(0);
  });

  test("filter parameters cannot reach other columns, relations or projects", async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStatePath("annotator") });
    const page = await context.newPage();
    const otherProjectId = authzSeed().otherProjectId;
    for (const query of [
      `projectId=${otherProjectId}`,
      `where[projectId]=${otherProjectId}`,
      "orderBy=passwordHash",
      "status[not]=x",
      "annotator[passwordHash][startsWith]=a",
      "q[contains]=x",
      "after=' OR 1=1 --",
    ]) {
      for (const list of ["samples", "trajectories"]) {
        const response = await page.goto(`/projects/demo/${list}?${query}`);
        expect(response?.status(), `${list}?${query}`).toBe(200);
        await expect(page.getByText(/Something went wrong/)).toHaveCount(0);
      }
    }
    await context.close();
  });
});

test.describe("cross-site requests and sessions", () => {
  test("CSRF: a state-changing request from another site is refused, with the victim's cookie", async () => {
    const projectId = authzSeed().demoProjectId;
    const forged = await callRoute("admin", "POST", `/api/projects/${projectId}/imports/staging`, { headers: { origin: "https://evil.example" } });
    expect(forged.status).toBe(403);
    // The answer routes are pages-router routes (lib/http/pages-project-route.ts): the same
    // refusals, made by their own wrapper. They require an Origin, and answer only POST.
    const sampleId = openDb().prepare(`SELECT g."id" FROM "GroundingSample" g WHERE g."projectId" = ? LIMIT 1`).get(projectId) as { id: string };
    const answer = `/api/projects/${projectId}/samples/${sampleId.id}/answer`;
    const draft = JSON.stringify({ baseVersion: null, status: "draft", payload: { targetAbsent: true, box: null, instructionRewrite: null, qualityScore: null, note: null } });
    const json = { "content-type": "application/json" };
    expect((await callRoute("annotator", "POST", answer, { body: draft, headers: { ...json, origin: "https://evil.example" } })).status).toBe(403);
    const noOrigin = await fetch(`${baseUrl()}${answer}`, { method: "POST", headers: { ...json, cookie: (await import("./authz/client")).cookieOf("annotator") }, body: draft });
    expect(noOrigin.status, "a save without an Origin is not from a Verity page").toBe(403);
    const get = await callRoute("annotator", "GET", answer);
    expect([get.status, get.text]).toEqual([405, ""]);
    const cookie = (await import("./authz/client")).cookieOf("admin");
    const response = await fetch(`${baseUrl()}/projects`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: "https://evil.example", "next-action": "0".repeat(42), "content-type": "text/plain;charset=UTF-8" },
      body: "[]",
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    // The session cookie itself is not sent on cross-site POSTs.
    const state = JSON.parse((await import("node:fs")).readFileSync(storageStatePath("admin"), "utf8")) as { cookies: { name: string; sameSite: string; httpOnly: boolean }[] };
    const session = state.cookies.find((c) => c.name.includes("session-token"))!;
    expect(session.sameSite).toBe("Lax");
    expect(session.httpOnly).toBe(true);
  });

  test("session fixation: a session planted before sign-in is not the one after", async ({ browser }) => {
    const context = await browser.newContext();
    await context.addCookies([{ name: "next-auth.session-token", value: "planted-by-attacker", url: baseUrl() }]);
    const page = await context.newPage();
    await page.goto("/login");
    const user = readSeed().users.reviewer!;
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Projects" })).toBeVisible();
    const token = (await context.cookies()).find((c) => c.name === "next-auth.session-token");
    expect(token?.value).toBeTruthy();
    expect(token?.value).not.toBe("planted-by-attacker");
    await context.close();
  });
});
