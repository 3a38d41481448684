// A navigation world for the prompt tests of issue 36 (items 3-5): one verified AndroidLab-style
// success on 360x640 device screenshots whose recorded thoughts name elements the way
// AndroidLab's XML agent does, by UI Automator bounds in device pixels ("#[290,560][350,620]#"),
// once by a bare point of unknown space ("(180, 225)"), and once by two bounds. Every step is
// labelled correct, so each makes a navigation row and the trajectory an SFT row.
import { ingestImage } from "@/lib/media/ingest";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";
import { freshDatabase } from "../databases";
import { exportWorld, type ExportWorld } from "../export-support";
import { rederive } from "../derived-support";
import { renderScreen } from "../../support/import-fixtures/screens";

export const STEPS = [
  { action: { type: "click", x: 320, y: 590 }, thought: "Open the menu #[290,560][350,620]# in the corner." },
  { action: { type: "click", x: 180, y: 225 }, thought: "Downloads at (180, 225) is listed." },
  { action: { type: "click", x: 180, y: 225 }, thought: "Open #[20,200][340,250]#; the header [0,0][360,40] shows the folder." },
  { action: { type: "finish", answer: "1.2 GB" }, thought: "The size is shown." },
] as const;

// The same thoughts as the history lines must show them on the [0,1000] grid of a 360x640 screen
// (half up): 290 -> 805.6 -> 806, 560 -> 875, 350 -> 972.2 -> 972, 620 -> 968.75 -> 969;
// 20 -> 55.6 -> 56, 200 -> 312.5 -> 313, 340 -> 944.4 -> 944, 250 -> 390.6 -> 391; 40 -> 62.5 -> 63.
export const THOUGHTS_REL1000 = ["Open the menu #[806,875][972,969]# in the corner.", "", "Open #[56,313][944,391]#; the header [0,0][1000,63] shows the folder."];

let world: Promise<ExportWorld> | null = null;

async function build(): Promise<ExportWorld> {
  const w = await exportWorld((await freshDatabase("sqlite")).db);
  const t = await w.db.trajectory.create({ data: { projectId: w.projectId, goal: "Find how much storage the downloads folder uses", sourceDataset: "androidlab", sourceId: "quark_thoughts", contentHash: "quark_thoughts", stepCount: STEPS.length, model: "agent-v1", app: "quark" } });
  for (const [index, step] of STEPS.entries()) {
    const media = await ingestImage(w.db, w.store, w.projectId, await renderScreen(360, 640, 1200 + index));
    await w.db.step.create({ data: { trajectoryId: t.id, index, mediaId: media.id, action: step.action, actionType: step.action.type, thought: step.thought } });
  }
  await rederive(w.db, w.projectId, { trajectoryIds: [t.id] });
  await saveTrajectoryAnnotation(w.db, w.reviewer, { trajectoryId: t.id, baseVersion: null, status: "submitted", payload: { traceVerdict: "success", firstWrongStep: null, steps: STEPS.map((_, stepIndex) => ({ stepIndex, label: "correct" as const })), note: null } });
  return w;
}

export function navigationWorld(): Promise<ExportWorld> {
  world ??= build();
  return world;
}

/** The history lines of a UI-Venus prompt: "Step i: <think>..</think><action>..</action>". */
export function historyLines(prompt: string): { think: string; action: string }[] {
  const section = prompt.split("### Previous Actions")[1]?.split("###")[0] ?? "";
  return [...section.matchAll(/Step \d+: <think>(.*?)<\/think><action>(.*?)<\/action>/g)].map((m) => ({ think: m[1]!, action: m[2]! }));
}
