// Export tests' set-up: a project with a reviewer, the real fixtures imported (with
// generated screenshots where the fixture ships none), a media store and pool directories in
// temp dirs, and exports run the way the worker runs them (startExport + the job).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
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
import { FIXTURES } from "./import-support";

// Pools of these tests live in temp dirs, which the pool-root policy must allow.
const TEMP_ROOT = mkdtempSync(path.join(os.tmpdir(), "verity-pools-"));
process.env.VERITY_POOL_ROOTS = TEMP_ROOT;

export const SCREENSPOT_RESULTS = path.join(FIXTURES, "screenspot-pro-results/qwen2vl-sample.json");
export const UI_VENUS_META = path.join(FIXTURES, "ui-venus/grounding_meta_format.json");

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

// Copies of the grounding fixtures (which ship without screenshots) beside generated ones:
// plain PNGs of a size that holds every box, named like the records' image paths; only the
// first 12 ScreenSpot-Pro records get one. Returns the copies' paths.
let copies: { results: string; meta: string } | null = null;
export async function groundingFixturesWithImages(): Promise<{ results: string; meta: string }> {
  if (copies) return copies;
  const dir = mkdtempSync(path.join(os.tmpdir(), "verity-fixture-images-"));
  const details = (JSON.parse(readFileSync(SCREENSPOT_RESULTS, "utf8")) as { details: { img_path: string }[] }).details;
  for (const [i, d] of details.slice(0, 12).entries()) {
    const png = await sharp({ create: { width: 3840, height: 2400, channels: 3, background: { r: 20 + i * 10, g: 60, b: 90 } } }).png().toBuffer();
    writeFileSync(path.join(dir, path.basename(d.img_path)), png);
  }
  const meta = (JSON.parse(readFileSync(UI_VENUS_META, "utf8")) as { img_filename: string; img_size: [number, number] }[])[0]!;
  const venus = await sharp({ create: { width: meta.img_size[0], height: meta.img_size[1], channels: 3, background: "#fafafa" } }).png().toBuffer();
  writeFileSync(path.join(dir, meta.img_filename), venus);
  copies = { results: path.join(dir, path.basename(SCREENSPOT_RESULTS)), meta: path.join(dir, path.basename(UI_VENUS_META)) };
  copyFileSync(SCREENSPOT_RESULTS, copies.results);
  copyFileSync(UI_VENUS_META, copies.meta);
  return copies;
}

export async function importFixture(world: ExportWorld, target: string) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "verity-export-import-"));
  const job = await createImportJob(world.db, world.projectId, null, { target, scratch });
  const report = await executeImportJob(world.db, world.store, job.id);
  if (!report || report.rejectedCount > 0) throw new Error(`import of ${target} failed: ${JSON.stringify(report?.rejected)}`);
  return report;
}

export async function makePool(world: ExportWorld, input: { name: string; kind: string; format: string; imageMode?: "copy" | "reference"; settings?: object }) {
  const dir = world.poolDir(input.name);
  mkdirSync(path.dirname(dir), { recursive: true });
  return createPool(world.db, { userId: world.admin.user.id, projectId: world.projectId }, { targetType: "local", targetUri: dir, imageMode: "copy", settings: {}, ...input });
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
