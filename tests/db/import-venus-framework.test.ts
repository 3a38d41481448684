// UI-Venus framework runs (generated in the framework's own layout, pickles by python3) import
// through the pipeline on SQLite and PostgreSQL: what is stored equals what Python itself reads
// from the same pickles (counts, goals, the agent's claims, end reasons, executed actions in
// device pixels, the reflection supervisor's step verdicts); the bad pickles are refused by
// file and reason while the others import; and importing again changes nothing.
import os from "node:os";
import path from "node:path";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { ActionSchema, type Action } from "@/lib/domain/actions";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto, rowCounts } from "./import-support";
import { buildZip } from "../unit/imports/sources/zip-fixtures";
import { VENUS_BAD, VENUS_EPISODES, readVenusEpisodesWithPython, venusSkipReason, writeVenusFrameworkRun } from "../support/import-fixtures/venus-framework";

if (venusSkipReason) console.warn(`skipping the UI-Venus framework import tests: ${venusSkipReason}`);

type PyAction = { action_type: string | null; action_pos: number[][]; input?: string; app_name?: string } | null;
type PyEntry = { verdict: string; judgment: Record<string, unknown> };
type PyStep = { action: PyAction; raw_response: string | null; reflection_history: PyEntry[] };
type PyEpisode = { episode_id: string; goal: string; is_successful: boolean; termination_reason: string; episode_data: PyStep[] };

// The test's own reading of the framework's action names (run_handler.py _execute_action); a
// SWIPE is a drag when the model called Drag, else a scroll (venus-action-space.ts says why).
const TYPES: Record<string, Action["type"]> = {
  CLK: "click", DoubleCLK: "double_click", LongPress: "long_press", INPUT: "type", REOPEN: "open_app",
  BACK: "back", PressHome: "home", PressEnter: "enter", PressMenu: "recent", WAIT: "wait", SUCCESS: "finish", CallUser: "call_user",
};

function expectedType(step: PyStep): Action["type"] | null {
  const type = step.action?.action_type ?? null;
  if (type === "SWIPE") return /<action>\s*Drag\(/.test(step.raw_response ?? "") ? "drag" : "scroll";
  return type ? (TYPES[type] ?? null) : null;
}

function expectedPixels(step: PyStep): unknown {
  const pos = step.action?.action_pos ?? [];
  const type = expectedType(step);
  if (type === "drag" || type === "scroll") return { from: { x: pos[0]![0], y: pos[0]![1] }, to: { x: pos[1]![0], y: pos[1]![1] } };
  if (type === "click" || type === "double_click" || type === "long_press") return { x: pos[0]![0], y: pos[0]![1] };
  return {};
}

// The supervisor's acceptance of the action that ran, unless it was the framework's default (no
// evidence: a reply that did not parse); a last word that rejects judged no action that ran.
function expectedVerdict(history: PyEntry[]): boolean | null {
  const last = history.at(-1);
  if (!last || !("evidence" in last.judgment)) return null;
  return last.verdict === "CORRECT" || last.verdict === "EXPLORATORY" ? true : null;
}

describe.skipIf(venusSkipReason !== null).each(PROVIDERS)("importing UI-Venus framework runs on %s", (provider) => {
  let root = "";
  let episodes: PyEpisode[] = [];
  beforeAll(async () => {
    root = path.join(await mkdtemp(path.join(os.tmpdir(), "verity-venus-db-")), "traces");
    await writeVenusFrameworkRun(root, { withBad: true });
    episodes = readVenusEpisodesWithPython(root) as unknown as PyEpisode[];
  });

  it("stores what Python reads from the pickles, refuses the bad ones by file, and a re-import changes nothing", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = (await db.project.create({ data: { slug: "venus", name: "Venus", settings: {} } })).id;
    const report = await importInto(db, projectId, root);
    expect(report.format).toBe("ui-venus-framework");

    const stepCount = episodes.reduce((n, e) => n + e.episode_data.length, 0);
    const verdictCount = episodes.flatMap((e) => e.episode_data).filter((s) => expectedVerdict(s.reflection_history) !== null).length;
    expect(report.created).toMatchObject({ trajectories: episodes.length, steps: stepCount, media: stepCount, runs: 2, verdicts: verdictCount });
    expect(report.imagesMissing).toBe(0);

    const refused = new Map(report.rejected.map((r) => [r.file, r.reason]));
    expect(refused.get(`${VENUS_BAD.foreignClass}/trajectory.pkl.gz`)).toContain("fractions.Fraction");
    expect(refused.get(`${VENUS_BAD.truncated}/trajectory.pkl.gz`)).toContain("truncated");
    expect(refused.get(`${VENUS_BAD.bomb}/trajectory.pkl.gz`)).toContain("expands to more than");
    expect(refused.get(VENUS_BAD.unfinished)).toContain("no trajectory.pkl.gz");
    expect(report.rejectedCount).toBe(4);

    for (const episode of episodes) {
      const t = await db.trajectory.findFirstOrThrow({
        where: { projectId, sourceId: episode.episode_id },
        include: { steps: { orderBy: { index: "asc" }, include: { verdicts: true, media: true } }, run: true },
      });
      expect(t.goal).toBe(episode.goal);
      expect(t.agentClaimedFinish).toBe(episode.is_successful);
      expect(t.sourceOutcome).toBeNull();
      expect(t.terminationReason).toBe(episode.termination_reason);
      expect(t.run?.name).toBe(`traces (${t.model})`);
      expect(t.steps).toHaveLength(episode.episode_data.length);
      for (const [i, source] of episode.episode_data.entries()) {
        const step = t.steps[i]!;
        const type = expectedType(source);
        expect(step.actionType, `${episode.episode_id} step ${i}`).toBe(type);
        if (type) expect(ActionSchema.parse(step.action)).toMatchObject({ type, ...(expectedPixels(source) as object) });
        expect(step.media).not.toBeNull();
        const verdict = expectedVerdict(source.reflection_history);
        expect(step.verdicts.map((v) => v.valueBool), `${episode.episode_id} step ${i}`).toEqual(verdict === null ? [] : [verdict]);
        expect(step.verdicts.every((v) => v.kind === "mllm" && v.judgeName === "ui-venus-reflection-supervisor")).toBe(true);
      }
    }
    const runs = await db.evaluationRun.findMany({ where: { projectId }, orderBy: { name: "asc" } });
    expect(runs.map((r) => (r.meta as { modelCoordinates: { unit: string } }).modelCoordinates.unit)).toEqual(["0-1000", "0-1000"]);

    const before = await rowCounts(db);
    const again = await importInto(db, projectId, root);
    expect(again.created).toEqual({ samples: 0, trajectories: 0, steps: 0, predictions: 0, verdicts: 0, media: 0, runs: 0 });
    expect(again.updated).toBe(0);
    expect(again.rejectedCount).toBe(4);
    expect(await rowCounts(db)).toEqual(before);
  });

  it("a zip of the trace folder imports the same episodes with all their screenshots", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = (await db.project.create({ data: { slug: "venus-zip", name: "Venus zip", settings: {} } })).id;
    const entries: { name: string; data: Buffer }[] = [];
    for (const episode of Object.values(VENUS_EPISODES)) {
      const dir = path.join(root, episode);
      entries.push({ name: `traces/${episode}/trajectory.pkl.gz`, data: await readFile(path.join(dir, "trajectory.pkl.gz")) });
      for (const shot of await readdir(path.join(dir, "screenshots"))) entries.push({ name: `traces/${episode}/screenshots/${shot}`, data: await readFile(path.join(dir, "screenshots", shot)) });
    }
    const zip = path.join(path.dirname(root), "upload.zip");
    await writeFile(zip, await buildZip(entries));
    const report = await importInto(db, projectId, zip);
    const stepCount = episodes.reduce((n, e) => n + e.episode_data.length, 0);
    expect(report.format).toBe("ui-venus-framework");
    expect(report.rejectedCount).toBe(0);
    expect(report.created).toMatchObject({ trajectories: episodes.length, steps: stepCount, media: stepCount, runs: 2 });
    expect(report.imagesMissing).toBe(0);
  });
});
