// What the verified-state specs share: pages as each role (the second annotator signs in
// within the spec), the e2e database read-only, the v1 API with the seed's tokens, and pool
// exports run through the API and read back from the pool's directory.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { baseUrl } from "./authz/client";
import { storageStatePath, type E2eRole } from "./seed-file";
import { readVerifiedSeed, type VerifiedSeed } from "./seed-verified-file";

export const seed = (): VerifiedSeed => readVerifiedSeed();

const opened: BrowserContext[] = [];

export async function pageAs(browser: Browser, role: E2eRole): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStatePath(role) });
  opened.push(context);
  return context.newPage();
}

/** Closes the contexts the test opened (call from afterEach). */
export async function closePages(): Promise<void> {
  for (const context of opened.splice(0)) await context.close();
}

/** The project's second annotator, signed in through the form. */
export async function secondAnnotator(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  opened.push(context);
  const page = await context.newPage();
  const { second } = seed();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(second.email);
  await page.getByLabel("Password").fill(second.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Projects" })).toBeVisible();
  return page;
}

export function query<T>(sql: string, ...args: unknown[]): T[] {
  const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  try {
    return sqlite.prepare(sql).all(...args) as T[];
  } finally {
    sqlite.close();
  }
}

export type ApiReply = { status: number; body: Record<string, unknown> };

/** A v1 API call on the verified project, as one of the seed's tokens. */
export async function api(token: keyof VerifiedSeed["tokens"], method: string, route: string, body?: unknown): Promise<ApiReply> {
  const response = await fetch(`${baseUrl()}/api/v1/projects/${seed().projectId}${route}`, {
    method,
    headers: { authorization: `Bearer ${seed().tokens[token]}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

type ApiAnswer = { revisionId: string; revision: number; source: string; box?: number[] | null; targetAbsent?: boolean; instructionRewrite?: string | null; traceVerdict?: string | null };
export type ApiItem = { id: string; answer: ApiAnswer | null; overrideIds?: string[]; derived?: Record<string, unknown> };

/** Every verified item the API lists (all pages). */
export async function verifiedItems(kind: "samples" | "trajectories", token: keyof VerifiedSeed["tokens"] = "reviewer"): Promise<ApiItem[]> {
  const items: ApiItem[] = [];
  let after: string | null = null;
  do {
    const reply = await api(token, "GET", `/${kind}?limit=100${after ? `&after=${after}` : ""}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    items.push(...(reply.body.items as ApiItem[]));
    after = reply.body.nextCursor as string | null;
  } while (after);
  return items;
}

export type Snapshot = { manifest: { revisionIds: string[]; overrideIds: string[]; derivedWith: { derivationCode: number; settings: Record<string, unknown> }; counts: Record<string, number> }; read(name: string): string };

/** A full export of one of the seed's pools through the API, waited for, and read back. */
export async function exportPool(pool: keyof VerifiedSeed["pools"]): Promise<Snapshot> {
  const started = await api("admin", "POST", `/pools/${seed().pools[pool]}/exports`, { mode: "full" });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const jobId = started.body.jobId as string;
  // No bound on how long a loaded machine takes to export a handful of rows: the test's own
  // timeout is the limit.
  await expect
    .poll(async () => ((await api("admin", "GET", `/jobs/${jobId}`)).body.job as { status: string }).status, { timeout: 0, intervals: [200, 500, 1000] })
    .toMatch(/^(succeeded|failed)$/);
  const job = (await api("admin", "GET", `/jobs/${jobId}`)).body.job as { status: string; error: unknown };
  expect(job.status, JSON.stringify(job.error)).toBe("succeeded");
  const dir = seed().poolDirs[pool];
  const snapshotDir = path.join(dir, "snapshots", readFileSync(path.join(dir, "latest"), "utf8").trim());
  return {
    manifest: JSON.parse(readFileSync(path.join(snapshotDir, "manifest.json"), "utf8")) as Snapshot["manifest"],
    read: (name) => readFileSync(path.join(snapshotDir, name), "utf8"),
  };
}

export const jsonl = <T>(text: string): T[] => text.trim().split("\n").filter(Boolean).map((line) => JSON.parse(line) as T);
