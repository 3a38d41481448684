// Generated ScreenSpot-Pro data in the layout of likaixin2000/ScreenSpot-Pro-GUI-Grounding:
// `annotations/<app>_<platform>.json` (a JSON array of `{img_filename, img_size, bbox,
// instruction, id, application, platform, group, ui_type, gt_type?}`, bbox [x1,y1,x2,y2] px)
// beside `images/<app>_<platform>/<name>.png`, and evaluation results files `{details: [...],
// metrics: {...}}` as eval_screenspot_pro.py writes them (img_path under ./data/..., pred in
// pixels, correctness, and the metrics block: overall, per group, per app, per platform x
// instruction style x gt_type, and all four). Screenshot names repeat across apps, as real
// captures' timestamps can, so that only their folder tells them apart.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { renderScreen } from "./screens";

export type ProApp = { app: string; platform: string; group: string };
export const PRO_APPS: ProApp[] = [
  { app: "excel", platform: "macos", group: "Office" },
  { app: "blender", platform: "windows", group: "Creative" },
];
export const PRO_SIZE = { width: 800, height: 500 };
export const PRO_SHOTS_PER_APP = 3;

export type ProSample = {
  id: string;
  img_filename: string;
  img_size: [number, number];
  bbox: [number, number, number, number];
  instruction: string;
  application: string;
  platform: string;
  group: string;
  ui_type: "text" | "icon";
  gt_type: "positive" | "negative";
};

export function proSamples(apps: ProApp[] = PRO_APPS): ProSample[] {
  const samples: ProSample[] = [];
  for (const [a, app] of apps.entries()) {
    for (let shot = 0; shot < PRO_SHOTS_PER_APP; shot++) {
      for (let k = 0; k < 2; k++) {
        const x = 60 + shot * 150 + k * 40;
        const y = 80 + a * 100 + k * 60;
        samples.push({
          id: `${app.app}_${app.platform}_${shot}_${k}`,
          img_filename: `${app.app}_${app.platform}/screenshot_2025-01-0${shot + 1}_10-00-00.png`,
          img_size: [PRO_SIZE.width, PRO_SIZE.height],
          bbox: [x, y, x + 90, y + 30],
          instruction: `${k === 0 ? "Open" : "Close"} panel ${shot} of ${app.app}`,
          application: app.app,
          platform: app.platform,
          group: app.group,
          ui_type: k === 0 ? "text" : "icon",
          gt_type: "positive",
        });
      }
    }
  }
  return samples;
}

/** `annotations/` and `images/` under `root`; images left out when `withImages` is false. */
export async function writeScreenSpotProMeta(root: string, options: { withImages?: boolean; apps?: ProApp[] } = {}): Promise<ProSample[]> {
  const apps = options.apps ?? PRO_APPS;
  const samples = proSamples(apps);
  await mkdir(path.join(root, "annotations"), { recursive: true });
  for (const app of apps) {
    const mine = samples.filter((s) => s.application === app.app);
    await writeFile(path.join(root, "annotations", `${app.app}_${app.platform}.json`), JSON.stringify(mine, null, 2));
  }
  if (options.withImages ?? true) await writeScreenSpotProImages(path.join(root, "images"), samples);
  return samples;
}

export async function writeScreenSpotProImages(dir: string, samples: ProSample[]): Promise<void> {
  let seed = 500;
  for (const file of [...new Set(samples.map((s) => s.img_filename))]) {
    await mkdir(path.join(dir, path.dirname(file)), { recursive: true });
    await writeFile(path.join(dir, file), await renderScreen(PRO_SIZE.width, PRO_SIZE.height, seed++));
  }
}

type Detail = Record<string, unknown> & { correctness: "correct" | "wrong" | "wrong_format" };

/** One answer per sample: every third correct (inside the box), every fifth unparseable. */
export function proDetails(samples: ProSample[], answerSeed = 0): Detail[] {
  return samples.map((s, i) => {
    const [x1, y1, x2, y2] = s.bbox;
    const kind = (i + answerSeed) % 5 === 4 ? "wrong_format" : (i + answerSeed) % 3 === 0 ? "correct" : "wrong";
    const pred = kind === "wrong_format" ? null : kind === "correct" ? [(x1 + x2) / 2, (y1 + y2) / 2] : [x2 + 25, y2 + 15];
    return {
      img_path: `./data/ScreenSpot-Pro/images/${s.img_filename}`,
      group: s.group,
      platform: s.platform,
      application: s.application,
      lang: "en",
      instruction_style: "instruction",
      prompt_to_evaluate: s.instruction,
      gt_type: s.gt_type,
      ui_type: s.ui_type,
      task_filename: `${s.application}_${s.platform}`,
      pred,
      raw_response: kind === "wrong_format" ? "I cannot find it." : `(${pred![0]},${pred![1]})`,
      bbox: s.bbox,
      img_size: s.img_size,
      correctness: kind,
    };
  });
}

type Cell = { num_correct_action: number; num_total: number; wrong_format_num: number; action_acc: number; text_acc: number; icon_acc: number };

function cell(details: Detail[]): Cell {
  const ratio = (of: Detail[]) => (of.length ? of.filter((d) => d.correctness === "correct").length / of.length : 0);
  const correct = details.filter((d) => d.correctness === "correct").length;
  return {
    num_correct_action: correct,
    num_total: details.length,
    wrong_format_num: details.filter((d) => d.correctness === "wrong_format").length,
    action_acc: details.length ? correct / details.length : 0,
    text_acc: ratio(details.filter((d) => d.ui_type === "text")),
    icon_acc: ratio(details.filter((d) => d.ui_type === "icon")),
  };
}

function sliced(details: Detail[], key: (d: Detail) => string): Record<string, Cell> {
  const groups = new Map<string, Detail[]>();
  for (const d of details) groups.set(key(d), [...(groups.get(key(d)) ?? []), d]);
  return Object.fromEntries([...groups].map(([k, ds]) => [k, cell(ds)]));
}

/** The evaluator's metrics block for these details, from their own correctness labels. */
export function proMetrics(details: Detail[]) {
  return {
    fine_grained: sliced(details, (d) => `plat:${d.platform} app:${d.application} inst_style:${d.instruction_style} gt_type:${d.gt_type}`),
    seeclick_style: sliced(details, (d) => `plat:${d.platform} inst_style:${d.instruction_style} gt_type:${d.gt_type}`),
    leaderboard_simple_style: sliced(details, (d) => `group:${d.group}`),
    leaderboard_detailed_style: sliced(details, (d) => `app:${d.application}`),
    overall: cell(details),
  };
}

export type ResultsOptions = { model?: string; metrics?: "consistent" | "absent" | "off-by-one"; answerSeed?: number; samples?: ProSample[] };

/** A results file at `file`; `metrics: "off-by-one"` makes the block claim one more correct answer for the first app. */
export async function writeScreenSpotProResults(file: string, options: ResultsOptions = {}): Promise<Detail[]> {
  const details = proDetails(options.samples ?? proSamples(), options.answerSeed ?? 0);
  const body: Record<string, unknown> = {};
  if (options.model) body.model_name = options.model;
  body.details = details;
  const mode = options.metrics ?? "consistent";
  if (mode !== "absent") {
    const metrics = proMetrics(details);
    if (mode === "off-by-one") {
      const app = Object.keys(metrics.leaderboard_detailed_style)[0]!;
      metrics.leaderboard_detailed_style[app]!.num_correct_action += 1;
      metrics.overall.num_correct_action += 1;
    }
    body.metrics = metrics;
  }
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(body, null, 2));
  return details;
}
