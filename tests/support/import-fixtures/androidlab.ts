// A generated AndroidLab evaluation run in THUDM/Android-Lab's on-disk layout (see the
// importer's androidlab-*.ts): `logs/evaluation/<run>/<task>_<date>_<time>/` with
// `traces/trace.jsonl`, `Screen/screenshot-<turn>-<time>-before.png`, a `screenshot-end-...`
// and `xml/<turn>.xml`; the evaluator's `outputs/<run>_<time>/results.jsonl` and `total.jsonl`.
// The stories are the project's own: three episodes of an invented "Quark" browser app,
// 3, 5 and 4 steps; quark_1 an answered query judged complete by the LLM check, quark_2 a
// claimed finish that the rule judges incomplete, quark_3 judged complete by the rule
// although it ends on a closed dialog (the case a human verifier overturns).
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { renderScreen } from "./screens";

export const ANDROIDLAB_RUN = "synthetic-xml-agent";
export const ANDROIDLAB_SIZE = { width: 360, height: 640 };

type Act = { action: string; kwargs: Record<string, unknown>; operation?: string; says: string };
type Episode = { taskId: string; dir: string; instruction: string; acts: Act[]; metric: string; complete: boolean; adbQuery?: boolean };

const tap = (x1: number, y1: number, x2: number, y2: number, says: string): Act => ({ action: "Tap", kwargs: { element: [x1, y1, x2, y2] }, says });

export const ANDROIDLAB_EPISODES: Episode[] = [
  {
    taskId: "quark_1",
    dir: "quark_1_2025-03-04_10-00-00",
    instruction: "Find how much storage the downloads folder uses and tell me the size",
    metric: "query_detect",
    complete: true,
    acts: [
      tap(290, 560, 350, 620, "The menu button opens the side panel."),
      tap(20, 200, 340, 250, "Downloads is listed in the panel."),
      { action: "finish", operation: "finish", kwargs: { message: "The downloads folder uses 1.2 GB" }, says: "The header shows the total." },
    ],
  },
  {
    taskId: "quark_2",
    dir: "quark_2_2025-03-04_10-02-10",
    instruction: "Search the bookmarks for \"weather\"",
    metric: "operation",
    complete: false,
    adbQuery: true,
    acts: [
      tap(290, 560, 350, 620, "Open the menu."),
      tap(20, 260, 340, 310, "Bookmarks."),
      tap(20, 260, 340, 310, "Bookmarks again, the page did not change."),
      { action: "Swipe", kwargs: { element: [180, 400], direction: "up" }, says: "Scroll to find the search field." },
      { action: "finish", operation: "finish", kwargs: {}, says: "The bookmarks page is open, so I am done." },
    ],
  },
  {
    taskId: "quark_3",
    dir: "quark_3_2025-03-04_10-04-30",
    instruction: "Open the details dialog of the first download",
    metric: "operation",
    complete: true,
    acts: [
      tap(290, 560, 350, 620, "Open the menu."),
      { action: "Long Press", kwargs: { element: [20, 120, 340, 180] }, says: "Long-press the first download for its menu." },
      tap(40, 300, 320, 350, "Cancel closes the menu again."),
      { action: "finish", operation: "finish", kwargs: {}, says: "Done." },
    ],
  },
];

function xmlDump(turn: number, acts: Act[]): string {
  const nodes = acts.map((a, i) => {
    const e = Array.isArray(a.kwargs.element) && (a.kwargs.element as number[]).length === 4 ? (a.kwargs.element as number[]) : [0, 0, 10, 10];
    return `<node index="${i}" text="item ${turn}-${i}" resource-id="com.quark.browser:id/item${i}" class="android.widget.TextView" package="com.quark.browser" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[${e[0]},${e[1]}][${e[2]},${e[3]}]" />`;
  });
  // Under a full-screen window, as uiautomator nests every app's views.
  const window = `<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.quark.browser" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][${ANDROIDLAB_SIZE.width},${ANDROIDLAB_SIZE.height}]">`;
  return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">${window}${nodes.join("")}</node></hierarchy>`;
}

// The compressed text the XML agent is prompted with (FORMAT.md §6): the window has no text
// and no action, so the compressor drops it and lists the clickable items at the top level.
function compressedDump(turn: number, acts: Act[]): string {
  const lines = acts.flatMap((a, i) => {
    const e = Array.isArray(a.kwargs.element) && (a.kwargs.element as number[]).length === 4 ? (a.kwargs.element as number[]) : [0, 0, 10, 10];
    const id = `n${(turn * 16 + i).toString(16).padStart(4, "0")}`;
    return [`    [${id}] TextView ;click focusable ; ;;item ${turn}-${i} : `, `        bounds: [${e[0]},${e[1]}][${e[2]},${e[3]}]`];
  });
  return ["The current screenshot's description is shown: ", ...lines].join("\n");
}

export type AndroidLabOptions = { withScreens?: boolean; runName?: string };

/** Writes the run under `root` (which becomes the repository-like root) and returns it. */
export async function writeAndroidLabRun(root: string, options: AndroidLabOptions = {}): Promise<string> {
  const run = options.runName ?? ANDROIDLAB_RUN;
  const withScreens = options.withScreens ?? true;
  const { width, height } = ANDROIDLAB_SIZE;
  let clock = 1741053600;
  let seed = 100;
  for (const episode of ANDROIDLAB_EPISODES) {
    const dir = path.join(root, "logs", "evaluation", run, episode.dir);
    await mkdir(path.join(dir, "traces"), { recursive: true });
    await mkdir(path.join(dir, "Screen"), { recursive: true });
    await mkdir(path.join(dir, "xml"), { recursive: true });
    const target = `You should use Quark to complete the following task: ${episode.instruction}`;
    const lines: string[] = [];
    for (const [turn, act] of episode.acts.entries()) {
      clock += 9.25;
      const shot = `screenshot-${turn}-${clock.toFixed(7)}-before.png`;
      if (withScreens) await writeFile(path.join(dir, "Screen", shot), await renderScreen(width, height, seed++));
      await writeFile(path.join(dir, "xml", `${turn}.xml`), xmlDump(turn, episode.acts));
      await writeFile(path.join(dir, "xml", `${turn}_compressed_xml.txt`), compressedDump(turn, episode.acts));
      const base = `./logs/evaluation/${run}/${episode.dir}`;
      const call = act.operation === "finish" ? `finish(${act.kwargs.message ? `message="${act.kwargs.message}"` : ""})` : `do(action="${act.action}", ${Object.entries(act.kwargs).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(", ")})`;
      lines.push(
        JSON.stringify({
          trace_id: episode.dir,
          index: turn,
          prompt: turn === 0 ? target : "** XML **",
          image: `${base}/Screen/${shot}`,
          xml: `${base}/xml/${turn}.xml`,
          ac_xml: null,
          current_activity: "com.quark.browser",
          window: [width, height],
          target,
          ...(episode.adbQuery && turn === 0 ? { command: { "adb shell dumpsys window | grep mCurrentFocus": "mCurrentFocus=Window{1 u0 com.quark.browser/.Main}" } } : {}),
          parsed_action: { operation: act.operation ?? "do", action: act.action, kwargs: act.kwargs },
          current_response: `## Round ${turn}\n* Analysis: ${act.says}\n* Operation:\n\n\`\`\`\n${call}\n\`\`\``,
        }),
      );
    }
    await writeFile(path.join(dir, "traces", "trace.jsonl"), `${lines.join("\n")}\n`);
    clock += 4.5;
    if (withScreens) await writeFile(path.join(dir, "Screen", `screenshot-end-${clock.toFixed(7)}.png`), await renderScreen(width, height, seed++));
  }
  const outputs = path.join(root, "outputs", `${run}_2025-03-04-11-00-00`);
  await mkdir(outputs, { recursive: true });
  const results = ANDROIDLAB_EPISODES.map((e) =>
    JSON.stringify({ task_id: e.taskId, task: e.instruction, metric_type: e.metric, result: { judge_page: true, "1": e.complete, complete: e.complete }, RRR: null, reasonable_operation_ratio: 1.0 }),
  );
  await writeFile(path.join(outputs, "results.jsonl"), `${results.join("\n")}\n`);
  const complete = ANDROIDLAB_EPISODES.filter((e) => e.complete).length;
  await writeFile(path.join(outputs, "total.jsonl"), `${JSON.stringify({ App: "quark", Acc: complete / 3, Total: 3, Complete_Correct: complete, Sum_Partial_Acc: complete, Partial_Acc: complete / 3 })}\n`);
  return root;
}
