// Export tests' set-up: a project with a reviewer, generated fixtures in the real layouts
// imported, a media store and pool directories in temp dirs, and exports run the way the
// worker runs them (startExport + the job).
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Db } from "@/lib/db";
import type { ProjectAccess } from "@/lib/auth/session";
import { createImportJob, executeImportJob } from "@/lib/imports/import-job";
import { createLocalMediaStore } from "@/lib/media/local-store";
import type { MediaStore } from "@/lib/media/store";
import { executeExportJob, type ExportOutcome } from "@/lib/exports/execute-export";
import type { ExportMode } from "@/lib/exports/active-export";
import { startExport } from "@/lib/exports/start-export";
import { createPool } from "@/lib/pools/pools";
import { poolTarget } from "@/lib/exports/targets/pool-targets";
import { generatedFixtures } from "./import-support";
import { proSamples, writeScreenSpotProImages, writeScreenSpotProResults } from "../support/import-fixtures/screenspot-pro";

// Pools of these tests live in temp dirs, which the pool-root policy must allow.
const TEMP_ROOT = mkdtempSync(path.join(os.tmpdir(), "verity-pools-"));
process.env.VERITY_POOL_ROOTS = TEMP_ROOT;


export type ExportWorld = { db: Db; projectId: string; reviewer: ProjectAccess; admin: ProjectAccess; store: MediaStore; mediaDir: string; poolDir: (name: string) => string };

export async function exportWorld(db: Db): Promise<ExportWorld> {
  const project = await db.project.create({ data: { slug: "pools", name: "Pools", settings: {} } });
  const user = async (role: "reviewer" | "admin") => {
    const u = await db.user.create({ data: { email: `${role}@pools.test`, name: role } });
    await db.membership.create({ data: { projectId: project.id, userId: u.id, role } });
    return { user: { id: u.id, email: u.email, name: u.name, isOwner: false }, projectId: project.id, role } as ProjectAccess;
  };
  const base = mkdtempSync(path.join(TEMP_ROOT, "world-"));
  return {
    db,
    projectId: project.id,
    reviewer: await user("reviewer"),
    admin: await user("admin"),
    store: createLocalMediaStore(path.join(base, "media")),
    mediaDir: path.join(base, "media"),
    poolDir: (name) => path.join(base, "pools", name),
  };
}

// A ScreenSpot-Pro results file (naming its model) with its per-app screenshots, and the
// UI-Venus meta file (a sample and its refusal) beside its screenshot, all generated in the
// real layouts. Returns the two files' paths.
let copies: { results: string; meta: string } | null = null;
export async function groundingFixturesWithImages(): Promise<{ results: string; meta: string }> {
  if (copies) return copies;
  const dir = mkdtempSync(path.join(os.tmpdir(), "verity-fixture-images-"));
  await writeScreenSpotProResults(path.join(dir, "results.json"), { model: "qwen2-vl-7b" });
  await writeScreenSpotProImages(path.join(dir, "images"), proSamples());
  copies = { results: path.join(dir, "results.json"), meta: path.join(await generatedFixtures(), "ui-venus", "grounding_meta_format.json") };
  return copies;
}

export async function importFixture(world: ExportWorld, target: string) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "verity-export-import-"));
  const job = await createImportJob(world.db, world.projectId, null, { target, scratch });
  const report = await executeImportJob(world.db, world.store, job.id);
  if (!report || report.rejectedCount > 0) throw new Error(`import of ${target} failed: ${JSON.stringify(report?.rejected)}`);
  return report;
}

export async function makePool(world: ExportWorld, input: { name: string; kind: string; profile: string; imageMode?: "copy" | "absolute" | "embed"; settings?: object }) {
  const dir = world.poolDir(input.name);
  mkdirSync(path.dirname(dir), { recursive: true });
  return createPool(world.db, { userId: world.admin.user.id, projectId: world.projectId }, { targetType: "local", targetUri: dir, settings: {}, ...input });
}

export async function runExport(world: ExportWorld, poolId: string, mode: ExportMode, store = world.store): Promise<ExportOutcome> {
  const job = await startExport(world.db, { userId: world.admin.user.id, projectId: world.projectId }, { poolId, mode });
  const outcome = await executeExportJob(world.db, job.id, { store, targetOf: poolTarget, pageSize: 3 });
  if (!outcome) throw new Error("the export job was not run");
  return outcome;
}

export function readJsonlFile(file: string): unknown[] {
  const text = readFileSync(file, "utf8");
  if (text !== "" && !text.endsWith("\n")) throw new Error(`${file} does not end with a newline`);
  return text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as unknown);
}
