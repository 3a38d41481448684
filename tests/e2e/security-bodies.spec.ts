// Issue 15, item 5, against the build run as its own process: no route reads an unbounded
// body. next-auth's /api/auth/* routes refuse an oversized body, declared or streamed, before
// any sign-in handling; every other route that takes a body (found in app/**/route.ts), the
// server actions and the pages answer before a 5 GB body is sent. Three 300 MB sign-in bodies
// at once leave the server's memory flat; other users' page loads meanwhile are printed.
import { expect, test } from "@playwright/test";
import { actionId } from "./authz/client";
import { routeInventory } from "./authz/inventory";
import { baselineLoads, measurePageLoads } from "./security/page-loads";
import { sendOversized } from "./security/oversized";
import { SecurityServer } from "./security/server";

// In order, one after another, on the spec's own server; a failure does not skip the rest.
test.describe.configure({ mode: "default", timeout: 300_000 });

const MB = 1024 * 1024;
const server = new SecurityServer({ VERITY_MAX_UPLOAD_MB: "8" });
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

const AUTH_POSTS = ["/api/auth/callback/credentials", "/api/auth/signin/credentials", "/api/auth/signout", "/api/auth/session", "/api/auth/_log"];

test("/api/auth/* refuses an oversized body, declared or streamed, before sign-in handling", async () => {
  for (const url of AUTH_POSTS) {
    const declared = await sendOversized(`${server.base}${url}`, { declared: 300 * MB, maxSend: 64 * MB, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(declared.status, `${url}, 300 MB declared: ${declared.body.slice(0, 200)}`).toBe(413);
    const streamed = await sendOversized(`${server.base}${url}`, { maxSend: 64 * MB, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(streamed.status, `${url}, streamed without a length: ${streamed.body.slice(0, 200)}`).toBe(413);
    expect(streamed.sent, `${url}: bytes sent before the refusal`).toBeLessThan(64 * MB);
  }
  // An ordinary sign-in still works.
  expect((await server.attemptSignIn(server.seed.users.annotatorA.email, "security-suite-password-1")).ok).toBe(true);
});

test("three 300 MB sign-in bodies at once leave the server's memory flat and pages answering", async () => {
  const cookie = await server.signIn(server.seed.users.annotatorA.email);
  const page = `${server.base}/projects/alpha/samples`;
  await baselineLoads("bodies, no attack", page, cookie);
  const before = server.rssBytes();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssBytes())), 100);
  // Three at once, again and again for 15 s: each is refused at once now, so one round alone
  // would be over before a page load could overlap it.
  const attack = (async () => {
    const all = [];
    const until = Date.now() + 15_000;
    for (let round = 0; round < 1000 && Date.now() < until; round++) {
      all.push(...(await Promise.all([0, 1, 2].map(() => sendOversized(`${server.base}/api/auth/callback/credentials`, { maxSend: 300 * MB, headers: { "content-type": "application/x-www-form-urlencoded" } })))));
    }
    return all;
  })();
  await measurePageLoads("15 s of three 300 MB bodies at a time to /api/auth/callback/credentials", page, cookie, attack);
  clearInterval(sampler);
  const results = await attack;
  console.log(`[bodies] ${results.length} bodies of 300 MB sent, ${Math.round(results.reduce((n, r) => n + r.sent, 0) / MB)} MB of them before the refusals`);
  console.log(`[bodies] server memory ${Math.round(before / MB)} MB before, ${Math.round(peak / MB)} MB at the peak; statuses ${[...new Set(results.map((r) => r.status))].join(", ")}`);
  for (const result of results) expect(result.status).toBe(413);
  expect(peak - before, "memory the three bodies cost the server").toBeLessThan(256 * MB);
});

test("every route, server action and page answers before a 5 GB body is sent", async () => {
  const { seed } = server;
  const adminA = await server.signIn(seed.users.adminA.email);
  const adminB = await server.signIn(seed.users.adminB.email);
  const made = await server.action(adminB, "lib/actions/tokens.ts", "createTokenAction", [null, (() => {
    const form = new FormData();
    form.append("projectId", seed.betaId);
    form.append("name", "bodies");
    form.append("role", "admin");
    return form;
  })()]);
  const token = made.result?.secret as string;
  expect(token, made.raw.slice(0, 300)).toBeTruthy();
  const staging = JSON.parse((await server.route(adminA, "POST", `/api/projects/${seed.alphaId}/imports/staging`)).text) as { stagingId: string };

  const fill = (template: string) =>
    template
      .replace("[projectId]", template.startsWith("/api/v1") ? seed.betaId : seed.alphaId)
      .replace("[stagingId]", staging.stagingId)
      .replace("[poolId]", seed.betaPoolId)
      .replace("[...nextauth]", "callback/credentials")
      .replace(/\[[A-Za-z]+\]/g, "cm0000000000000000000000");
  const targets: { name: string; method: string; url: string; headers: Record<string, string> }[] = routeInventory()
    .filter((r) => ["POST", "PUT", "PATCH", "DELETE"].includes(r.method))
    .map((r) => ({
      name: r.key,
      method: r.method,
      url: `${fill(r.template)}${r.method === "PUT" ? "?path=big.jsonl" : ""}`,
      headers: r.template.startsWith("/api/v1") ? { authorization: `Bearer ${token}` } : ({ cookie: adminA, origin: server.base } as Record<string, string>),
    }));
  targets.push(
    { name: "a server action", method: "POST", url: "/projects", headers: { cookie: adminA, origin: server.base, "next-action": actionId("lib/actions/tokens.ts", "createTokenAction"), "content-type": "text/plain;charset=UTF-8" } },
    { name: "a page", method: "POST", url: "/projects/alpha/samples", headers: { cookie: adminA, origin: server.base } },
    { name: "the sign-in page", method: "POST", url: "/login", headers: { origin: server.base } },
  );
  for (const target of targets) {
    for (const declared of [5 * 1024 * MB, undefined]) {
      const how = declared ? "5 GB declared" : "streamed without a length";
      const result = await sendOversized(`${server.base}${target.url}`, { method: target.method, headers: { "content-type": "application/json", ...target.headers }, declared, maxSend: 64 * MB });
      expect(result.status, `${target.name}, ${how}: answered ${result.body.slice(0, 200)}`).toBeGreaterThan(0);
      expect(result.status, `${target.name}, ${how}: ${result.body.slice(0, 200)}`).toBeLessThan(500);
      expect(result.sent, `${target.name}, ${how}: bytes sent before the answer`).toBeLessThan(64 * MB);
    }
  }
  // The server is still whole.
  expect((await server.route(adminA, "GET", "/projects/alpha/samples")).status).toBe(200);
});
