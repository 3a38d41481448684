// The OpenAPI document against the real routes: every route file under app/api/v1 with each
// HTTP method it exports is documented, and nothing documented is missing from the code.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/api/openapi";

const ROOT = path.resolve("app/api/v1");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? routeFiles(full) : e.name === "route.ts" ? [full] : [];
  });
}

function routesInCode(): string[] {
  return routeFiles(ROOT).flatMap((file) => {
    const source = readFileSync(file, "utf8");
    const url = `/api/v1/${path.relative(ROOT, path.dirname(file)).split(path.sep).join("/")}`.replace(/\[([^\]]+)\]/g, "{$1}");
    return METHODS.filter((m) => new RegExp(`^export\\s+(?:const|async\\s+function|function)\\s+${m}\\b`, "m").test(source)).map((m) => `${m} ${url}`);
  });
}

function routesInDocument(): string[] {
  const paths = openApiDocument().paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([url, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${url}`));
}

describe("the OpenAPI document of /api/v1", () => {
  it("documents exactly the routes and methods the code has", () => {
    const code = routesInCode().sort();
    expect(code.length).toBeGreaterThanOrEqual(7);
    expect(routesInDocument().sort()).toEqual(code);
  });

  it("is OpenAPI 3.1 with path parameters for every {placeholder}, and a token scheme", () => {
    const doc = openApiDocument() as { openapi: string; paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: object }>>; components: { securitySchemes: object } };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes).toHaveProperty("projectToken");
    for (const [url, operations] of Object.entries(doc.paths)) {
      const placeholders = [...url.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(operations)) {
        const inPath = (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
        expect(inPath, `${method} ${url}`).toEqual(placeholders);
        expect(Object.keys(op.responses).length, `${method} ${url}`).toBeGreaterThan(0);
      }
    }
    // Generated from the handlers' own schemas: the page query's limit carries its bounds.
    const limit = doc.paths["/api/v1/projects/{projectId}/samples"]!.get!.parameters!.find((p) => p.name === "limit") as unknown as { schema: { maximum: number } };
    expect(limit.schema.maximum).toBe(1000);
  });
});
