// The world of the model-based test: one project with people in every role, grounding samples
// (with predictions and judge scores) and trajectories (in GRPO groups and one evaluation run,
// with rule and judge verdicts) imported from a generated Verity JSONL folder, and the model:
// what the test expects each item's lifecycle state and pinned final answer to be.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { ProjectAccess } from "@/lib/auth/session";
import type { Db } from "@/lib/db";
import type { GroundingPayload } from "@/lib/annotations/grounding-payload";
import type { ItemState } from "@/lib/domain/item-lifecycle";
import { createLocalMediaStore } from "@/lib/media/local-store";
import type { MediaStore } from "@/lib/media/store";
import type { TrajectoryPayload } from "@/lib/domain/trajectory-payload";
import { IMPORT_MEDIA_DIR, importInto } from "../import-support";
import type { Box } from "./reference";

export const IMAGE = { width: 200, height: 100 };

export type Rng = { next(): number; int(n: number): number; pick<T>(list: readonly T[]): T; chance(p: number): boolean };

/** mulberry32: a small seeded generator, so a failing sequence replays exactly. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (list) => list[Math.floor(next() * list.length)]!,
    chance: (p) => next() < p,
  };
}

export type SampleModel = { id: string; sourceId: string; status: ItemState; final: { decision: "accept" | "reject"; payload: GroundingPayload } | null; revisions: number };
export type TrajectoryModel = {
  id: string;
  sourceId: string;
  groupKey: string | null;
  stepCount: number;
  status: ItemState;
  final: { decision: "accept" | "reject"; payload: TrajectoryPayload } | null;
  revisions: number;
};

export type World = {
  db: Db;
  projectId: string;
  store: MediaStore;
  importDir: string;
  // The records file's lines, as the benchmark last wrote them (re-import operations change them).
  records: RecordLine[];
  admin: ProjectAccess;
  reviewers: ProjectAccess[];
  annotators: ProjectAccess[];
  samples: SampleModel[];
  trajectories: TrajectoryModel[];
  // Items each person ever claimed in a queue (their submits there are queue work).
  claimed: Set<string>;
  // What the queue's annotators are told to agree on, per item, once the first one answered.
  queueTruth: Map<string, GroundingPayload | TrajectoryPayload>;
  log: string[];
};

const SAMPLES = 8;
const TRAJECTORIES = 8;

export const claimKey = (userId: string, itemId: string) => `${userId}:${itemId}`;

export type RecordLine = Record<string, unknown> & { type: string; id?: string; verdicts?: Record<string, unknown>[] };

function importLines(r: Rng): RecordLine[] {
  const lines: RecordLine[] = [{ type: "run", name: "model-run", benchmark: "bench", model: "agent" }];
  for (let i = 0; i < SAMPLES; i++) {
    const absent = i === 1 || i === 5;
    const x = 10 + r.int(120);
    const y = 5 + r.int(50);
    const box: Box = [x, y, x + 20 + r.int(40), y + 10 + r.int(30)];
    lines.push({
      type: "sample",
      id: `s${i}`,
      dataset: "model",
      image: "img.png",
      instruction: `Tap target ${i}`,
      box: absent ? null : box,
      verdicts: i < 6 ? [{ kind: "mllm", judge: "teacher", metric: "quality_score", value: r.int(21) / 2 }] : [],
    });
    for (const model of ["m1", "m2"]) {
      const point = r.chance(0.15) ? "refusal" : [r.int(IMAGE.width), r.int(IMAGE.height)];
      lines.push({ type: "prediction", sample: `s${i}`, dataset: "model", model, point });
    }
  }
  for (let i = 0; i < TRAJECTORIES; i++) {
    const steps = 2 + r.int(3);
    const verdicts = [];
    if (i < 5) verdicts.push({ kind: "rule", judge: "checker", metric: "trace_success", value: r.chance(0.5) });
    verdicts.push({ kind: "mllm", judge: "judge", metric: "trace_success", value: r.chance(0.5) });
    lines.push({
      type: "trajectory",
      id: `t${i}`,
      dataset: "model",
      goal: `Goal ${i}`,
      run: "model-run",
      group: i < 3 ? "g1" : i < 6 ? "g2" : undefined,
      auto_outcome: i === 6 ? r.chance(0.5) : undefined,
      claimed_finish: r.chance(0.7),
      invalid_actions: r.int(3),
      steps: Array.from({ length: steps }, (_, k) => ({ image: "img.png", action: k === steps - 1 ? { type: "finish" } : { type: "click", x: 10 + k, y: 20 } })),
      verdicts,
    });
  }
  return lines;
}

/** Writes the world's records file as it stands (a re-run rewrites it in place). */
export function writeRecords(w: Pick<World, "importDir" | "records">): void {
  writeFileSync(path.join(w.importDir, "records.jsonl"), w.records.map((l) => JSON.stringify(l)).join("\n") + "\n");
}

export async function buildWorld(db: Db, r: Rng): Promise<World> {
  const project = await db.project.create({ data: { slug: "model", name: "Model", settings: { iouAgreementThreshold: 0.5 } } });
  const person = async (name: string, role: "admin" | "reviewer" | "annotator"): Promise<ProjectAccess> => {
    const user = await db.user.create({ data: { email: `${name}@model.test`, name } });
    await db.membership.create({ data: { projectId: project.id, userId: user.id, role } });
    return { user: { id: user.id, email: user.email, name, isOwner: false }, projectId: project.id, role };
  };
  const importDir = mkdtempSync(path.join(os.tmpdir(), "verity-model-"));
  writeFileSync(path.join(importDir, "img.png"), await sharp({ create: { ...IMAGE, channels: 3, background: "#204060" } }).png().toBuffer());
  const records = importLines(r);
  writeRecords({ importDir, records });
  const world: World = {
    db,
    projectId: project.id,
    // The import's own store (tests/db/import-support.ts): exports copy the screenshots from it.
    store: createLocalMediaStore(IMPORT_MEDIA_DIR),
    importDir,
    records,
    admin: await person("admin", "admin"),
    reviewers: [await person("rev1", "reviewer"), await person("rev2", "reviewer")],
    annotators: [await person("ann1", "annotator"), await person("ann2", "annotator"), await person("ann3", "annotator")],
    samples: [],
    trajectories: [],
    claimed: new Set(),
    queueTruth: new Map(),
    log: [],
  };
  const report = await importInto(db, project.id, importDir);
  if (report.rejectedCount > 0) throw new Error(`the model's import was refused: ${JSON.stringify(report.rejected)}`);
  for (const s of await db.groundingSample.findMany({ where: { projectId: project.id }, orderBy: { sourceId: "asc" } })) {
    world.samples.push({ id: s.id, sourceId: s.sourceId, status: "unreviewed", final: null, revisions: 0 });
  }
  for (const t of await db.trajectory.findMany({ where: { projectId: project.id }, orderBy: { sourceId: "asc" } })) {
    world.trajectories.push({ id: t.id, sourceId: t.sourceId, groupKey: t.groupKey, stepCount: t.stepCount, status: "unreviewed", final: null, revisions: 0 });
  }
  return world;
}

export function randomGrounding(r: Rng): GroundingPayload {
  const absent = r.chance(0.25);
  const x = r.int(150);
  const y = r.int(70);
  return {
    targetAbsent: absent,
    box: absent ? null : [x, y, x + 10 + r.int(40), y + 10 + r.int(25)],
    instructionRewrite: r.chance(0.2) ? `Rewrite ${r.int(100)}` : null,
    qualityScore: r.chance(0.3) ? r.int(21) / 2 : null,
    note: null,
  };
}

export function randomTrajectoryAnswer(r: Rng, stepCount: number): TrajectoryPayload {
  const steps = Array.from({ length: stepCount }, (_, stepIndex) => stepIndex).flatMap((stepIndex) =>
    r.chance(0.2) ? [] : [{ stepIndex, label: r.pick(["correct", "correct", "incorrect", "unsure"] as const) }],
  );
  const firstIncorrect = steps.find((s) => s.label === "incorrect")?.stepIndex ?? null;
  return { traceVerdict: r.pick(["success", "failure", "failure", "unsure"] as const), firstWrongStep: r.chance(0.5) ? firstIncorrect : null, steps, note: null };
}
