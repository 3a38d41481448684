// What the authorization matrix must cover, read from the code itself so that a new route
// handler or server action cannot slip past it: every app/**/route.ts with its exported HTTP
// methods, every pages/api/** route (lib/http/pages-project-route.ts: POST only), and every
// exported function of every "use server" module under lib/actions. For each, the guard it
// calls is read from its source (the role it asks for), so a probe cannot quietly test a
// weaker rule than the code enforces.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export type Guard =
  | { kind: "project"; role: "annotator" | "reviewer" | "admin" } // projectRoute / requireRole
  | { kind: "token"; role: "annotator" | "reviewer" | "admin" } // apiV1Route (project API token)
  | { kind: "user" } // authedRoute: signed in; the handler checks membership of the object
  | { kind: "owner" } // requireOwner
  | { kind: "public" }
  | { kind: "none" }; // no recognisable check: always a failure

export type RouteEntry = { key: string; file: string; method: string; template: string; guard: Guard };
export type ActionEntry = { key: string; file: string; name: string; guard: Guard };

const ROOT = process.cwd();
const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

// Routes that must stay open to anyone: sign-in itself and the published import schema.
export const PUBLIC_ROUTES = new Set(["GET /api/auth/[...nextauth]", "POST /api/auth/[...nextauth]", "GET /api/schemas/verity-import", "GET /api/v1/openapi.json"]);

function walk(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, found);
    else found.push(full);
  }
  return found;
}

function routeTemplate(file: string): string {
  const segments = path.relative(path.join(ROOT, "app"), path.dirname(file)).split(path.sep);
  // Route groups "(app)" do not appear in the URL.
  return "/" + segments.filter((s) => !/^\(.*\)$/.test(s)).join("/");
}

function guardOf(source: string, methodSource: string): Guard {
  const role = (text: string, fn: string) => new RegExp(`${fn}(?:<[^>]*>)?\\([^")]*"(annotator|reviewer|admin)"`).exec(text)?.[1] as "annotator" | "reviewer" | "admin" | undefined;
  const projectRole = role(methodSource, "projectRoute") ?? role(methodSource, "pagesProjectRoute") ?? role(methodSource, "requireRole");
  if (projectRole) return { kind: "project", role: projectRole };
  const tokenRole = role(methodSource, "apiV1Route");
  if (tokenRole) return { kind: "token", role: tokenRole };
  if (/requireOwner\(/.test(methodSource)) return { kind: "owner" };
  if (/authedRoute\b/.test(methodSource)) return { kind: "user" };
  void source;
  return { kind: "none" };
}

// The text of one export: from its `export` keyword to the next top-level export.
function exportSources(source: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /^export\s+(?:const|async function|function)\s+([A-Za-z0-9_]+)/gm;
  const starts = [...source.matchAll(pattern)];
  starts.forEach((match, i) => {
    const end = i + 1 < starts.length ? starts[i + 1]!.index : source.length;
    found.set(match[1]!, source.slice(match.index, end));
  });
  return found;
}

// A pages-router API route answers what its wrapper allows: pagesProjectRoute takes POST only
// (a route without it has no recognisable guard, and fails the matrix).
function pagesRouteInventory(): RouteEntry[] {
  const dir = path.join(ROOT, "pages/api");
  return walk(dir)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => {
      const source = readFileSync(file, "utf8");
      const template = "/api/" + path.relative(dir, file).replace(/\.ts$/, "").split(path.sep).join("/");
      const key = `POST ${template}`;
      return { key, file: path.relative(ROOT, file), method: "POST", template, guard: guardOf(source, /export default[\s\S]*/.exec(source)?.[0] ?? "") };
    });
}

export function routeInventory(): RouteEntry[] {
  return [...appRouteInventory(), ...pagesRouteInventory()];
}

function appRouteInventory(): RouteEntry[] {
  return walk(path.join(ROOT, "app"))
    .filter((file) => path.basename(file) === "route.ts")
    .flatMap((file) => {
      const source = readFileSync(file, "utf8");
      const template = routeTemplate(file);
      const exports = exportSources(source);
      // `export const { GET, POST } = handlers` style (next-auth) exports methods too.
      const destructured = /export\s+(?:const|let)\s*\{([^}]*)\}/.exec(source)?.[1]?.split(",").map((s) => s.trim()) ?? [];
      const reexported = /export\s*\{([^}]*)\}/.exec(source)?.[1]?.split(",").map((s) => s.trim().split(/\s+as\s+/).pop()!) ?? [];
      const methods = HTTP_METHODS.filter((m) => exports.has(m) || destructured.includes(m) || reexported.includes(m));
      return methods.map((method) => {
        const key = `${method} ${template}`;
        const guard: Guard = PUBLIC_ROUTES.has(key) ? { kind: "public" } : guardOf(source, exports.get(method) ?? source);
        return { key, file: path.relative(ROOT, file), method, template, guard };
      });
    });
}

export function actionInventory(): ActionEntry[] {
  return walk(path.join(ROOT, "lib/actions"))
    .filter((file) => file.endsWith(".ts"))
    .flatMap((file) => {
      const source = readFileSync(file, "utf8");
      if (!/^["']use server["'];?/m.test(source)) return [];
      return [...exportSources(source)]
        .filter(([, text]) => /^export\s+async\s+function/.test(text))
        .map(([name, text]) => ({ key: `${path.basename(file, ".ts")}#${name}`, file: path.relative(ROOT, file), name, guard: guardOf(source, text) }));
    });
}
