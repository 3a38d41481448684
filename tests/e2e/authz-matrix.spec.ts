// The authorization matrix, generated from the code (tests/e2e/authz/inventory.ts): for every
// route handler and every server action, the caller kinds that must be refused are refused
// and the right role succeeds. A new route or action without a guard, or without a probe
// saying how to call it, fails the first test.
import { expect, test } from "@playwright/test";
import { actionInventory, routeInventory, type Guard } from "./authz/inventory";
import { ACTION_PROBES, ROUTE_PROBES, apiToken, authzSeed } from "./authz/probes";
import { openDb } from "./authz/read-db";
import { callAction, callRoute, formData, type Caller } from "./authz/client";

const ROLES = ["annotator", "reviewer", "admin"] as const;
const below = (role: (typeof ROLES)[number]) => ROLES.slice(0, ROLES.indexOf(role));

const routes = routeInventory();
const actions = actionInventory();

test("every route and action has a guard and a probe", () => {
  const unguarded = [...routes, ...actions].filter((e) => e.guard.kind === "none").map((e) => `${e.key} (${e.file})`);
  expect(unguarded, "routes/actions with no recognisable authorization check").toEqual([]);
  const dynamic = routes.filter((r) => r.guard.kind !== "public");
  expect(dynamic.filter((r) => !ROUTE_PROBES[r.key]).map((r) => r.key), "routes without a probe in tests/e2e/authz/probes.ts").toEqual([]);
  expect(actions.filter((a) => !ACTION_PROBES[a.key]).map((a) => a.key), "actions without a probe in tests/e2e/authz/probes.ts").toEqual([]);
  const known = new Set([...routes.map((r) => r.key), ...actions.map((a) => a.key)]);
  expect(Object.keys({ ...ROUTE_PROBES, ...ACTION_PROBES }).filter((k) => !known.has(k)), "probes for code that no longer exists").toEqual([]);
  // Sanity: the inventory really reads the code (these exist since the first release).
  expect(routes.length).toBeGreaterThan(10);
  expect(actions.length).toBeGreaterThan(10);
});

// One caller after another: later probes build on earlier ones (a granted member is removed).
test.describe("authorization matrix", () => {
test.describe.configure({ mode: "serial" });

function describeGuard(guard: Guard): string {
  return "role" in guard ? `${guard.kind}:${guard.role}` : guard.kind;
}

for (const route of routes.filter((r) => r.guard.kind !== "public")) {
  test(`route ${route.key} [${describeGuard(route.guard)}]`, async () => {
    const probe = ROUTE_PROBES[route.key];
    expect(probe, `no probe for ${route.key} in tests/e2e/authz/probes.ts`).toBeDefined();
    const request = await probe!.request();
    const send = (caller: Caller, headers: Record<string, string> = {}) =>
      callRoute(caller, route.method, request.url, { body: request.body, headers: { ...request.headers, ...headers } });
    const refusal = (text: string) => expect(() => JSON.parse(text).error.code, `refusals carry only an error: ${text.slice(0, 200)}`).not.toThrow();

    if (route.guard.kind === "token") {
      const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
      const none = await send("anonymous");
      expect(none.status, "no token").toBe(401);
      const revoked = await send("anonymous", bearer(await apiToken("admin", "admin", true)));
      expect(revoked.status, "a revoked token").toBe(401);
      const foreign = await send("anonymous", bearer(await apiToken("outsider", "admin")));
      expect(foreign.status, "another project's token").toBe(404);
      refusal(foreign.text);
      if (route.guard.role !== "annotator") {
        const weak = await send("anonymous", bearer(await apiToken("admin", "annotator")));
        expect(weak.status, "a token with a lower role").toBe(403);
      }
      const right = await send("anonymous", bearer(await apiToken("admin", "admin")));
      expect(right.status, `the right token: ${right.text.slice(0, 300)}`).toBeLessThan(400);
      return;
    }

    const anonymous = await send("anonymous");
    expect(anonymous.status, "signed out").toBe(401);
    const outsider = await send("outsider");
    expect(outsider.status, "a member of another project").toBe(404);
    refusal(outsider.text);
    const role = route.guard.kind === "project" ? route.guard.role : "annotator";
    for (const lower of below(role)) {
      const refused = await send(lower);
      expect(refused.status, `${lower} where ${role} is needed`).toBe(403);
      refusal(refused.text);
    }
    const right = await send(role);
    expect(right.status, `${role}: ${right.text.slice(0, 300)}`).toBeLessThan(400);
  });
}

for (const action of actions) {
  test(`action ${action.key} [${describeGuard(action.guard)}]`, async () => {
    const probe = ACTION_PROBES[action.key];
    expect(probe, `no probe for ${action.key} in tests/e2e/authz/probes.ts`).toBeDefined();
    const args = await probe!.args();
    const call = (caller: Caller) => callAction(caller, action.file, action.name, args);

    const anonymous = await call("anonymous");
    expect(anonymous.result, "signed out: the action must not run").toBeNull();
    expect(anonymous.location ?? "", "signed out: sent to sign in").toContain("/login");

    const outsider = await call("outsider");
    expect(outsider.result?.ok, `a member of another project: ${outsider.raw.slice(0, 300)}`).toBe(false);

    if (action.guard.kind === "owner") {
      const admin = await call("admin");
      expect(admin.result?.ok, "a project admin who is not the site owner").toBe(false);
      expect(String(admin.result?.error)).toMatch(/site owner/);
      const owner = await call("owner");
      expect(owner.result?.ok, `owner: ${owner.raw.slice(0, 300)}`).toBe(true);
      return;
    }
    expect(String(outsider.result?.error)).toMatch(/No such/);
    const role = action.guard.kind === "project" ? action.guard.role : "annotator";
    for (const lower of below(role)) {
      const refused = await call(lower);
      expect(refused.result?.ok, `${lower} where ${role} is needed`).toBe(false);
      expect(String(refused.result?.error)).toMatch(new RegExp(`needs the ${role} role`));
    }
    const right = await call(role);
    const ok = probe!.succeeded ? probe!.succeeded(right.result ?? {}) : right.result?.ok === true;
    expect(ok, `${role}: ${right.raw.slice(0, 300)}`).toBe(true);
  });
}

// The rule behind every write path: what a reviewer verified stays as they verified it. Every
// action is called as an annotator (with its probe's arguments, and the item-changing ones on
// verified items), every write route with the annotator's cookie and with an annotator's API
// token; afterwards no settled item of the matrix has another state, final answer or revision.
test("a lower role cannot change a verified final answer, on any write path", async () => {
  const s = authzSeed();
  const settled = () =>
    openDb()
      .prepare(
        `SELECT "id", "status", "finalAnswerId", (SELECT COUNT(*) FROM "AnswerRevision" r WHERE r."sampleId" = i."id" OR r."trajectoryId" = i."id") AS "revisions"
           FROM (SELECT "id", "status", "finalAnswerId" FROM "GroundingSample" WHERE "projectId" = ? AND "status" IN ('verified', 'rejected')
                 UNION ALL SELECT "id", "status", "finalAnswerId" FROM "Trajectory" WHERE "projectId" = ? AND "status" IN ('verified', 'rejected')) i
          ORDER BY "id"`,
      )
      .all(s.demoProjectId, s.demoProjectId);
  const before = settled();
  expect(before.map((r) => (r as { id: string }).id)).toEqual(expect.arrayContaining([s.guardedSampleId, s.guardedTrajectoryId]));

  const box = { targetAbsent: false, box: [40, 40, 60, 60], instructionRewrite: null, qualityScore: 1, note: null };
  const verdict = { traceVerdict: "failure", firstWrongStep: 0, steps: [{ stepIndex: 0, label: "incorrect" }], note: null };
  const version = (item: string, id: string) =>
    (openDb().prepare(`SELECT a."version" FROM "Annotation" a JOIN "User" u ON u."id" = a."annotatorId" WHERE a."${item}" = ? AND u."email" LIKE 'annotator@%'`).get(id) as { version: number } | undefined)?.version ?? null;
  const aimed: [string, string, unknown[]][] = [
    ["lib/actions/grounding.ts", "bulkDecideAction", [{ projectId: s.demoProjectId, sampleIds: [s.guardedSampleId], decision: "reject" }]],
    ["lib/actions/item-standing.ts", "reopenItemAction", [null, formData({ projectId: s.demoProjectId, itemType: "sample", itemId: s.guardedSampleId, reason: "not mine to reopen" })]],
  ];
  for (const [file, name, args] of aimed) {
    const reply = await callAction("annotator", file, name, args);
    expect(JSON.stringify(reply.result ?? {}), `${name}: the reply says nothing of what the submit did to the item`).not.toContain("outcome");
  }
  // The review screens' saves (their answer routes): the annotator's submit on a settled item is
  // taken (a proposal), and the reply says nothing of what it did to the item.
  const screenSaves: [string, unknown][] = [
    [`/api/projects/${s.demoProjectId}/samples/${s.guardedSampleId}/answer`, { baseVersion: version("sampleId", s.guardedSampleId), status: "submitted", payload: box }],
    [`/api/projects/${s.demoProjectId}/trajectories/${s.guardedTrajectoryId}/answer`, { baseVersion: version("trajectoryId", s.guardedTrajectoryId), status: "submitted", payload: verdict }],
  ];
  for (const [url, body] of screenSaves) {
    const viaScreen = await callRoute("annotator", "POST", url, { body: JSON.stringify(body), headers: { "content-type": "application/json" } });
    expect(viaScreen.status, viaScreen.text).toBe(200);
    expect(JSON.parse(viaScreen.text), `${url}: taken`).toMatchObject({ ok: true });
    expect(viaScreen.text, `${url}: the reply says nothing of the item's standing`).not.toContain("outcome");
  }
  // Every other action, as an annotator, with the arguments its right caller succeeds with.
  for (const action of actions) {
    // A probe's arguments may need data an earlier probe used up (a queue with nothing left to
    // claim): that path has nothing to aim at here, and the next one is tried.
    const args = await ACTION_PROBES[action.key]!.args().catch(() => null);
    if (args) await callAction("annotator", action.file, action.name, args);
  }
  // The annotator's own submit above became a proposal; accepting it is a reviewer's call.
  const proposal = openDb().prepare(`SELECT a."id", a."proposal" FROM "Annotation" a JOIN "User" u ON u."id" = a."annotatorId" WHERE a."sampleId" = ? AND u."email" LIKE 'annotator@%'`).get(s.guardedSampleId) as { id: string; proposal: string };
  expect(proposal.proposal).toBe("open");
  const accepted = await callAction("annotator", "lib/actions/item-standing.ts", "decideProposalAction", [null, formData({ projectId: s.demoProjectId, annotationId: proposal.id, decision: "accept" })]);
  expect(accepted.result?.ok).toBe(false);

  const token = await apiToken("admin", "annotator");
  const api = (url: string, body: unknown) => callRoute("anonymous", "POST", url, { body: JSON.stringify(body), headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } });
  const viaApi = await api(`/api/v1/projects/${s.demoProjectId}/samples/${s.guardedSampleId}/annotations`, { status: "submitted", baseVersion: null, payload: box });
  expect(viaApi.status, viaApi.text).toBe(200);
  expect(JSON.parse(viaApi.text), "an annotator token learns nothing of the item's standing").not.toHaveProperty("outcome");
  await api(`/api/v1/projects/${s.demoProjectId}/trajectories/${s.guardedTrajectoryId}/annotations`, { status: "submitted", baseVersion: null, payload: verdict });
  expect((await api(`/api/v1/projects/${s.demoProjectId}/verdicts/${s.verdictId}/overrides`, { value: 0, reason: "not mine" })).status).toBe(403);
  // Every write route, with the annotator's cookie.
  for (const route of routes.filter((r) => r.method !== "GET" && r.guard.kind !== "public")) {
    const request = await ROUTE_PROBES[route.key]!.request();
    await callRoute("annotator", route.method, request.url, { body: request.body, headers: request.headers });
  }

  expect(settled(), "settled items after every write path was tried as an annotator").toEqual(before);
});
});

