// Issue 35's formats through the CLI (`npm run verity -- import <folder> --project <slug>`, as an
// operator runs it) on SQLite and PostgreSQL: UI-Venus framework episodes of both policies,
// UI-Venus-2's example output, an AndroidWorld run and an OSWorld run of UI-TARS that types by
// pasting, each generated in its real layout. What lands is compared with a parse done here,
// independently of the importers (Python's own pickle.load for the pickles, JSON.parse and a
// reading of the pyautogui code for the others): the trajectories, their goals, the agent's
// claims, the termination reasons, every step's action type and pixels, the step verdicts, and
// the checker's outcome where there is one. The web wizard's side is
// tests/e2e/import-new-formats.spec.ts.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { freshDatabase, PROVIDERS } from "./databases";
import { readVenusEpisodesWithPython, venusSkipReason, writeVenusFrameworkRun } from "../support/import-fixtures/venus-framework";
import { readAndroidWorldRunWithPython, writeAndroidWorldRun } from "../support/import-fixtures/android-world";
import { writeVenus2Runs } from "../support/fixtures/ui-venus2-fixture";
import { UITARS_TASK, writeUitarsOsworldFixture } from "../support/fixtures/osworld-uitars-fixture";

const run = promisify(execFile);

type Step = { action: Record<string, unknown> | null; verdict: boolean | null };
type Episode = { goal: string; claimed: boolean; outcome: boolean | null; termination: string | null; steps: Step[] };

const point = (p: readonly number[] | null | undefined) => (p ? { x: p[0]!, y: p[1]! } : undefined);
const byGoal = (a: Episode, b: Episode) => (a.goal < b.goal ? -1 : a.goal > b.goal ? 1 : 0);

/** What the database holds, in the shape the independent parses give. */
async function stored(db: Db, projectId: string): Promise<Episode[]> {
  const rows = await db.trajectory.findMany({ where: { projectId }, include: { steps: { orderBy: { index: "asc" }, include: { verdicts: true } } } });
  return rows
    .map((t) => ({
      goal: t.goal, claimed: t.agentClaimedFinish, outcome: t.autoOutcome, termination: t.terminationReason,
      steps: t.steps.map((s) => ({ action: s.action as Record<string, unknown> | null, verdict: s.verdicts[0]?.valueBool ?? null })),
    }))
    .sort(byGoal);
}

// ---- UI-Venus framework: the episode dicts as pickle.load gives them.
type PyVenusStep = { action: { action_type: string | null; action_pos: number[][]; input?: string; app_name?: string; duration?: number } | null; raw_response: string | null; reflection_history: { verdict: string; judgment: Record<string, unknown> }[] };
type PyVenus = { goal: string; is_successful: boolean; termination_reason: string; episode_data: PyVenusStep[] };
const VENUS_TYPES: Record<string, string> = { CLK: "click", DoubleCLK: "double_click", LongPress: "long_press", INPUT: "type", REOPEN: "open_app", BACK: "back", PressHome: "home", PressEnter: "enter", PressMenu: "recent", WAIT: "wait", SUCCESS: "finish", CallUser: "call_user" };

function venusAction(step: PyVenusStep): Record<string, unknown> | null {
  const a = step.action;
  if (!a?.action_type) return null;
  if (a.action_type === "SWIPE") return { type: /<action>\s*Drag\(/.test(step.raw_response ?? "") ? "drag" : "scroll", from: point(a.action_pos[0]), to: point(a.action_pos[1]) };
  const type = VENUS_TYPES[a.action_type];
  if (!type) return null;
  if (type === "type") return { type, text: a.input };
  if (type === "open_app") return { type, name: a.app_name };
  return { type, ...point(a.action_pos[0]) };
}

function venusVerdict(step: PyVenusStep): boolean | null {
  const last = step.reflection_history.at(-1);
  // A CORRECT the framework filled in (no evidence: the supervisor's reply did not parse) is no
  // verdict, nor is a last word that rejects: it judged a proposal that never ran.
  if (!last || !("evidence" in last.judgment)) return null;
  return last.verdict === "CORRECT" || last.verdict === "EXPLORATORY" ? true : null;
}

const venusEpisodes = (root: string): Episode[] =>
  (readVenusEpisodesWithPython(root) as unknown as PyVenus[]).map((e) => ({
    goal: e.goal, claimed: e.is_successful, outcome: null, termination: e.termination_reason,
    steps: e.episode_data.map((s) => ({ action: venusAction(s), verdict: venusVerdict(s) })),
  }));

// ---- UI-Venus-2 example output: the JSON files as written.
type Turn = { action: string; parsed_action: { action_type: string; action_pos: number[][]; input: string; app_name?: string } };
const VENUS2_TYPES: Record<string, string> = { CLK: "click", LongPress: "long_press", INPUT: "type", REOPEN: "open_app", CallUser: "call_user", SUCCESS: "finish" };

function venus2Action(turn: Turn): Record<string, unknown> {
  const p = turn.parsed_action;
  if (p.action_type === "SWIPE") return { type: turn.action.startsWith("Drag(") ? "drag" : "scroll", from: point(p.action_pos[0]), to: point(p.action_pos[1]) };
  const type = VENUS2_TYPES[p.action_type]!;
  if (type === "type" || type === "call_user") return { type, text: p.input };
  if (type === "open_app") return { type, name: p.app_name };
  if (type === "finish") return { type, answer: p.input };
  return { type, ...point(p.action_pos[0]) };
}

const venus2Episodes = (root: string): Episode[] =>
  ["models/mobile/examples", "tablet-run"].map((folder) => {
    const output = JSON.parse(readFileSync(path.join(root, folder, "example_output.json"), "utf8")) as { task: string; turns: Turn[] };
    return { goal: output.task, claimed: output.turns.at(-1)!.parsed_action.action_type === "SUCCESS", outcome: null, termination: null, steps: output.turns.map((t) => ({ action: venus2Action(t), verdict: null })) };
  });

// ---- AndroidWorld: Python's reading of the checkpointer's pickles.
const ANDROID_WORLD_TYPES: Record<string, string> = { click: "click", input_text: "type", long_press: "long_press", scroll: "scroll", swipe: "drag", open_app: "open_app", navigate_back: "back", navigate_home: "home", keyboard_enter: "enter", status: "finish", answer: "finish" };

const androidWorldEpisodes = (root: string): Episode[] =>
  readAndroidWorldRunWithPython(root).flatMap((e) => {
    if ("error" in e) throw new Error(`the generated run has an unreadable file: ${e.file}`);
    const last = e.steps.at(-1);
    const outcome = e.is_successful === null ? null : e.is_successful >= 1 ? true : e.is_successful <= 0 ? false : null;
    return [{
      goal: e.goal, claimed: last?.action_type === "status" && last.goal_status !== "infeasible", outcome, termination: null,
      steps: e.steps.map((s) => ({ action: s.action_type ? { type: ANDROID_WORLD_TYPES[s.action_type], ...point(s.point) } : null, verdict: null })),
    }];
  });

// ---- OSWorld, UI-TARS: each traj.jsonl line's pyautogui code, call by call.
function uitarsActions(code: string): (Record<string, unknown> | null)[] {
  if (code === "DONE") return [{ type: "finish" }];
  const actions: (Record<string, unknown> | null)[] = [];
  const calls = [...code.matchAll(/(pyautogui|pyperclip)\.(\w+)\(((?:[^()'"]|'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*")*)\)/g)];
  const text = (arg: string) => arg.slice(1, -1).replace(/\\'/g, "'");
  for (const [i, [, module, fn, args]] of calls.entries()) {
    if (module === "pyperclip") {
      // A copy is typing only when the next call pastes it.
      const next = calls[i + 1];
      actions.push(next && next[2] === "hotkey" && /'ctrl',\s*'v'/.test(next[3]!) ? { type: "type", text: text(args!.trim()) } : null);
    } else if (fn === "click") {
      const [x, y] = args!.split(",").map(Number);
      actions.push({ type: "click", x, y });
    } else if (fn === "hotkey") {
      const previous = calls[i - 1];
      if (previous?.[1] === "pyperclip" && /'ctrl',\s*'v'/.test(args!)) continue;
      actions.push({ type: "hotkey", keys: [...args!.matchAll(/'([^']*)'/g)].map((m) => (m[1] === " " ? "space" : m[1])) });
    } else if (fn === "press") {
      actions.push(/'enter'/.test(args!) ? { type: "enter" } : { type: "hotkey" });
    }
  }
  return actions;
}

function uitarsEpisodes(root: string): Episode[] {
  const task = JSON.parse(readFileSync(path.join(root, "evaluation_examples/examples/chrome", `${UITARS_TASK}.json`), "utf8")) as { instruction: string };
  const dir = path.join(root, "results/pyautogui/screenshot/ui-tars-1.5-7b/chrome", UITARS_TASK);
  const lines = readFileSync(path.join(dir, "traj.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { action: string });
  const steps = lines.flatMap((l) => uitarsActions(l.action)).map((action) => ({ action, verdict: null }));
  const score = Number(readFileSync(path.join(dir, "result.txt"), "utf8"));
  return [{ goal: task.instruction, claimed: lines.at(-1)!.action === "DONE", outcome: score >= 1, termination: null, steps }];
}

async function venusRun(): Promise<string> {
  const root = path.join(mkdtempSync(path.join(os.tmpdir(), "verity-cli-venus-")), "traces");
  await writeVenusFrameworkRun(root);
  return root;
}

// Each writer makes a folder of its own and returns it.
const FORMATS = [
  { slug: "venus", write: venusRun, read: venusEpisodes },
  { slug: "venus2", write: () => writeVenus2Runs(), read: venus2Episodes },
  { slug: "androidworld", write: () => writeAndroidWorldRun(), read: androidWorldEpisodes },
  { slug: "uitars", write: () => writeUitarsOsworldFixture(), read: uitarsEpisodes },
] as const;

describe.skipIf(venusSkipReason !== null).each(PROVIDERS)("issue 35's formats through the CLI on %s", (provider) => {
  const roots = new Map<string, string>();
  beforeAll(async () => {
    for (const format of FORMATS) roots.set(format.slug, await format.write());
  });

  it.each(FORMATS.map((f) => [f.slug, f] as const))("%s: what lands equals the independent parse", async (slug, format) => {
    const { db, url } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug, name: slug, settings: {} } });
    const dir = mkdtempSync(path.join(os.tmpdir(), "verity-cli-data-"));
    const env = { ...process.env, DATABASE_URL: url, VERITY_DATA_DIR: dir, VERITY_MEDIA_STORE: "local", CHECKPOINT_DISABLE: "1" };
    const root = roots.get(slug)!;
    await run("node", ["--conditions=react-server", "--import", "tsx", "bin/verity.ts", "import", root, "--project", slug], { env, timeout: 600_000, maxBuffer: 16 * 1024 * 1024 });

    const expected = format.read(root).sort(byGoal);
    expect(expected.length).toBeGreaterThan(0);
    const got = await stored(db, project.id);
    expect(got.map((e) => e.goal)).toEqual(expected.map((e) => e.goal));
    for (const [i, want] of expected.entries()) {
      const have = got[i]!;
      expect({ claimed: have.claimed, outcome: have.outcome, termination: have.termination }, want.goal).toEqual({ claimed: want.claimed, outcome: want.outcome, termination: want.termination });
      expect(have.steps.map((s) => s.verdict), want.goal).toEqual(want.steps.map((s) => s.verdict));
      expect(have.steps.map((s) => (s.action ? s.action.type : null)), want.goal).toEqual(want.steps.map((s) => (s.action ? s.action.type : null)));
      for (const [j, step] of want.steps.entries()) if (step.action) expect(have.steps[j]!.action, `${want.goal} step ${j}`).toMatchObject(step.action);
    }
    // Every step verdict in the database is one the parse expects: nothing extra landed.
    expect(await db.judgeVerdict.count({ where: { projectId: project.id, targetType: "step" } })).toBe(expected.flatMap((e) => e.steps).filter((s) => s.verdict !== null).length);
  }, 900_000);
});
