// Security headers on every page and every route, found by walking app/ (not a hand list):
// each page template is filled with real ids where a parameter is known and a dummy where
// not (a 404 page must carry the headers too), fetched as the site owner; each route is
// fetched signed out (its 401 carries them as well) and, for GET routes with a probe, as the
// right role. Pages allow scripts only by a per-request nonce (never 'unsafe-inline'); the
// routes serving stored bytes from outside (media, UI trees) send a sandbox policy.
import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { routeInventory } from "./authz/inventory";
import { ROUTE_PROBES, authzSeed } from "./authz/probes";
import { baseUrl, callRoute, cookieOf, type Caller } from "./authz/client";
import { openDb } from "./authz/read-db";

type Headers = Record<string, string>;

const scriptSrcOf = (csp: string) => csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src ")) ?? "";

function expectPageHeaders(where: string, headers: Headers) {
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, `${where}: CSP`).toContain("default-src 'self'");
  expect(csp, `${where}: CSP frame-ancestors`).toContain("frame-ancestors 'none'");
  expect(csp, `${where}: CSP object-src`).toContain("object-src 'none'");
  expect(csp, `${where}: no eval in production`).not.toContain("unsafe-eval");
  const scripts = scriptSrcOf(csp);
  expect(scripts, `${where}: scripts by nonce`).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(scripts, `${where}: no inline scripts but the nonce's`).not.toContain("unsafe-inline");
  expect(headers["x-content-type-options"], `${where}: nosniff`).toBe("nosniff");
  expect(headers["x-frame-options"], `${where}: X-Frame-Options`).toBe("DENY");
  expect(headers["referrer-policy"], `${where}: Referrer-Policy`).toBe("same-origin");
  expect(headers["x-powered-by"], `${where}: no X-Powered-By`).toBeUndefined();
}

function pageTemplates(dir = path.resolve("app"), found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) pageTemplates(full, found);
    else if (entry.name === "page.tsx") {
      const segments = path.relative(path.resolve("app"), dir).split(path.sep).filter((s) => s && !/^\(.*\)$/.test(s));
      found.push(`/${segments.join("/")}`);
    }
  }
  return found;
}

// Real values for the parameters pages use; a template under /projects/runs/... gets the
// runs project's objects.
function fill(template: string): string {
  const s = authzSeed();
  const db = openDb();
  const first = (sql: string, ...args: unknown[]) => (db.prepare(sql).get(...args) as { v: string } | undefined)?.v ?? "unknown";
  const slug = /\[(runId|groupKey)\]/.test(template) ? "runs" : "demo";
  const values: Record<string, string> = {
    slug,
    sampleId: s.sampleIds[0]!,
    trajectoryId: s.trajectoryIds[0]!,
    runId: s.runId,
    queueId: s.queueId,
    groupKey: first(`SELECT "groupKey" AS v FROM "Trajectory" WHERE "projectId" = ? AND "groupKey" IS NOT NULL`, s.runsProjectId),
  };
  return template.replace(/\[([^\]]+)\]/g, (_, name: string) => encodeURIComponent(values[name] ?? "unknown"));
}

test("every page carries the security headers", async () => {
  const templates = pageTemplates();
  expect(templates.length).toBeGreaterThan(15);
  for (const template of templates) {
    const url = fill(template);
    const response = await callRoute("owner", "GET", url);
    expect(response.status, `${url}`).toBeLessThan(500);
    const headers = Object.fromEntries((await fetchHeaders("owner", url)).entries());
    void response;
    expectPageHeaders(url, headers);
  }
});

// Stored bytes from outside: even opened directly, they must never run as a page.
const isSandboxed = (template: string) => template.startsWith("/api/media/") || /\/steps\/\[stepId\]\/tree$/.test(template);

test("every route carries the security headers, refused or served", async () => {
  expect(routeInventory().filter((r) => isSandboxed(r.template)).length, "the media and UI-tree routes are in the inventory").toBeGreaterThanOrEqual(2);
  for (const route of routeInventory()) {
    if (route.template.startsWith("/api/auth")) continue; // next-auth's own responses are checked below
    const url = route.template.replace(/\[[^\]]+\]/g, "x0000000000");
    const refused = await fetchHeaders("anonymous", url, route.method);
    expect(refused.get("x-content-type-options"), `${route.key} refused`).toBe("nosniff");
    expect(refused.get("content-security-policy") ?? "", `${route.key} refused`).toContain("frame-ancestors 'none'");
    if (isSandboxed(route.template)) expect(refused.get("content-security-policy"), `${route.key} refused`).toMatch(/^sandbox;/);
    else expect(scriptSrcOf(refused.get("content-security-policy") ?? ""), `${route.key} refused: no inline script`).toBe("script-src 'self'");
    const probe = ROUTE_PROBES[route.key];
    if (route.method === "GET" && probe && route.guard.kind !== "token") {
      const role: Caller = route.guard.kind === "project" ? route.guard.role : "annotator";
      const request = await probe.request();
      const served = await fetchHeaders(role, request.url);
      expect(served.get("x-content-type-options"), `${route.key} served`).toBe("nosniff");
      // Media and UI trees keep their own stricter policy: a sandbox, so a file opened directly runs nothing.
      const csp = served.get("content-security-policy") ?? "";
      expect(csp, `${route.key} served`).toContain("frame-ancestors 'none'");
      if (isSandboxed(route.template)) expect(csp, `${route.key} served`).toMatch(/^sandbox;/);
    }
  }
  const session = await fetchHeaders("anonymous", "/api/auth/session");
  expect(session.get("x-content-type-options")).toBe("nosniff");
});

async function fetchHeaders(caller: Caller, url: string, method = "GET"): Promise<globalThis.Headers> {
  const response = await fetch(`${baseUrl()}${url}`, { method, redirect: "manual", headers: { cookie: cookieOf(caller) } });
  await response.arrayBuffer();
  return response.headers;
}
