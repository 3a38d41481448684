// A ScreenSpot-Pro results file's metrics block, recomputed from what Verity stored: equal,
// number for number and key for key, to a generated file's block worked out by hand, and
// moved as expected once a reviewer corrects a ground-truth box (both databases).
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto, importProject } from "./import-support";
import { tempDir } from "../support/import-fixtures";
import type { ProjectAccess } from "@/lib/auth/session";
import { saveAnswer } from "@/lib/annotations/save-answer";
import { loadScreenSpotProReport } from "@/lib/benchmarks/screenspot-pro-report";
import { benchmarkFile } from "@/lib/benchmarks/benchmark-files";

const detail = (application: string, platform: string, group: string, ui_type: string, bbox: number[], pred: number[] | null, correctness: string, n: number) => ({
  img_path: `./data/ScreenSpot-Pro/images/${application}_${platform}/shot_${n}.png`,
  group, platform, application, lang: "en", instruction_style: "instruction", prompt_to_evaluate: `Click target ${n}`,
  gt_type: "positive", ui_type, task_filename: `${application}_${platform}`,
  pred, raw_response: pred ? `(${pred[0]},${pred[1]})` : "no idea", bbox, img_size: [800, 500], correctness,
});

// 1: excel text, the point is in its box; 2: excel icon, 20 px right of its box; 3: blender
// text, no usable answer; 4: blender icon, in its box.
const DETAILS = [
  detail("excel", "macos", "Office", "text", [100, 100, 200, 140], [150, 120], "correct", 1),
  detail("excel", "macos", "Office", "icon", [300, 100, 340, 140], [360, 120], "wrong", 2),
  detail("blender", "windows", "Creative", "text", [50, 300, 150, 330], null, "wrong_format", 3),
  detail("blender", "windows", "Creative", "icon", [500, 300, 540, 340], [520, 320], "correct", 4),
];
// By hand: excel 1 of 2 (its text one; its icon one missed), blender 1 of 2 (its icon one; its
// text one unreadable), so every accuracy is 1/2 except per app's text and icon: 1 or 0.
const excel = { num_correct_action: 1, num_total: 2, wrong_format_num: 0, action_acc: 0.5, text_acc: 1, icon_acc: 0 };
const blender = { num_correct_action: 1, num_total: 2, wrong_format_num: 1, action_acc: 0.5, text_acc: 0, icon_acc: 1 };
const METRICS = {
  fine_grained: { "plat:macos app:excel inst_style:instruction gt_type:positive": excel, "plat:windows app:blender inst_style:instruction gt_type:positive": blender },
  seeclick_style: { "plat:macos inst_style:instruction gt_type:positive": excel, "plat:windows inst_style:instruction gt_type:positive": blender },
  leaderboard_simple_style: { "group:Office": excel, "group:Creative": blender },
  leaderboard_detailed_style: { "app:excel": excel, "app:blender": blender },
  overall: { num_correct_action: 2, num_total: 4, wrong_format_num: 1, action_acc: 0.5, text_acc: 0.5, icon_acc: 0.5 },
};

describe.each(PROVIDERS)("ScreenSpot-Pro metrics block on %s", (provider) => {
  it("recomputes the hand-computed block, and moves it after a box correction", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const file = path.join(await tempDir(), "qwen-results.json");
    await writeFile(file, JSON.stringify({ details: DETAILS, metrics: METRICS }, null, 2));
    await importInto(db, projectId, file, { model: "qwen" });
    const run = await db.evaluationRun.findFirstOrThrow({ where: { projectId } });

    let report = (await loadScreenSpotProReport(db, projectId, run.id))!;
    // Same numbers in the same nested shape, down to the key order.
    expect(JSON.stringify(report.corrected)).toBe(JSON.stringify(METRICS));
    expect(report.changed).toEqual([]);

    const reviewer = await db.user.create({ data: { email: "boxes@bench.test", name: "Bo" } });
    const access: ProjectAccess = { user: { id: reviewer.id, email: reviewer.email, name: "Bo", isOwner: false }, projectId, role: "reviewer" };
    const missed = await db.groundingSample.findFirstOrThrow({ where: { projectId, instruction: "Click target 2" } });
    // The box was drawn 40 px too far left: corrected, the answer at x=360 is inside it.
    await saveAnswer(db, access, { itemType: "sample", itemId: missed.id, baseVersion: null, status: "submitted", payload: { targetAbsent: false, box: [340, 100, 380, 140], instructionRewrite: null, qualityScore: null, note: null } });

    report = (await loadScreenSpotProReport(db, projectId, run.id))!;
    const excelNow = { num_correct_action: 2, num_total: 2, wrong_format_num: 0, action_acc: 1, text_acc: 1, icon_acc: 1 };
    expect(JSON.stringify(report.corrected)).toBe(JSON.stringify({
      fine_grained: { "plat:macos app:excel inst_style:instruction gt_type:positive": excelNow, "plat:windows app:blender inst_style:instruction gt_type:positive": blender },
      seeclick_style: { "plat:macos inst_style:instruction gt_type:positive": excelNow, "plat:windows inst_style:instruction gt_type:positive": blender },
      leaderboard_simple_style: { "group:Office": excelNow, "group:Creative": blender },
      leaderboard_detailed_style: { "app:excel": excelNow, "app:blender": blender },
      overall: { num_correct_action: 3, num_total: 4, wrong_format_num: 1, action_acc: 0.75, text_acc: 0.5, icon_acc: 1 },
    }));
    expect(report.changed.map((c) => [c.instruction, c.file, c.now])).toEqual([["Click target 2", "wrong", "correct"]]);
    // The file's own block stays what was imported; the download is the recomputed one.
    expect(report.stated).toEqual(METRICS); // key order aside: PostgreSQL's jsonb keeps its own
    const downloaded = JSON.parse((await benchmarkFile(db, projectId, run.id, "metrics.json", "corrected")).body.toString("utf8")) as { metrics: { overall: unknown } };
    expect(downloaded.metrics.overall).toEqual({ num_correct_action: 3, num_total: 4, wrong_format_num: 1, action_acc: 0.75, text_acc: 0.5, icon_acc: 1 });
  });

  it("writes metrics.json with Python's number types, and a file without a metrics block reproduced from its answers", async () => {
    // Issue 36 items 8-9. Excel has two text targets and no icon: its icon_acc has no
    // denominator (the evaluator's int 0), its text_acc 0 of 2 is the float 0.0.
    const details = [
      detail("excel", "macos", "Office", "text", [100, 100, 200, 140], [300, 300], "wrong", 1),
      detail("excel", "macos", "Office", "text", [300, 100, 340, 140], [500, 500], "wrong", 2),
      detail("blender", "windows", "Creative", "icon", [500, 300, 540, 340], [520, 320], "correct", 3),
    ];
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const file = path.join(await tempDir(), "cut-from-a-larger-run.json");
    await writeFile(file, JSON.stringify({ details }, null, 2)); // no metrics block, as a file cut from a larger run
    await importInto(db, projectId, file, { model: "qwen" });
    const run = await db.evaluationRun.findFirstOrThrow({ where: { projectId } });

    const report = (await loadScreenSpotProReport(db, projectId, run.id))!;
    expect(report).toMatchObject({ stated: null, reproducedFrom: "imported answers" });
    const reproduced = (await benchmarkFile(db, projectId, run.id, "metrics.json", "reproduced")).body.toString("utf8");
    const excelCell = [
      `"app:excel": {`,
      `                "num_correct_action": 0,`,
      `                "num_total": 2,`,
      `                "wrong_format_num": 0,`,
      `                "action_acc": 0.0,`,
      `                "text_acc": 0.0,`,
      `                "icon_acc": 0`,
      `            },`,
    ].join("\n");
    expect(reproduced).toContain(excelCell);
    expect(reproduced).toContain(`        "overall": {\n            "num_correct_action": 1,\n            "num_total": 3,\n            "wrong_format_num": 0,\n            "action_acc": 0.3333333333333333,\n            "text_acc": 0.0,\n            "icon_acc": 1.0\n        }\n    }\n}\n`);
    expect(reproduced.startsWith(`{\n    "metrics": {\n        "fine_grained": {\n`)).toBe(true);

    // A corrected box moves the corrected file, never the reproduced one.
    const reviewer = await db.user.create({ data: { email: "py@bench.test", name: "Py" } });
    const access: ProjectAccess = { user: { id: reviewer.id, email: reviewer.email, name: "Py", isOwner: false }, projectId, role: "reviewer" };
    const moved = await db.groundingSample.findFirstOrThrow({ where: { projectId, instruction: "Click target 1" } });
    await saveAnswer(db, access, { itemType: "sample", itemId: moved.id, baseVersion: null, status: "submitted", payload: { targetAbsent: false, box: [280, 280, 320, 320], instructionRewrite: null, qualityScore: null, note: null } });
    expect((await benchmarkFile(db, projectId, run.id, "metrics.json", "reproduced")).body.toString("utf8")).toBe(reproduced);
    const corrected = (await benchmarkFile(db, projectId, run.id, "metrics.json", "corrected")).body.toString("utf8");
    expect(corrected).toContain(`"app:excel": {\n                "num_correct_action": 1,\n                "num_total": 2,\n                "wrong_format_num": 0,\n                "action_acc": 0.5,\n                "text_acc": 0.5,\n                "icon_acc": 0\n`);
  });
});
