// Generated UI-Venus examples in the layout of inclusionAI/UI-Venus `examples/`: a grounding
// meta file (ScreenSpot-Pro style, with a negative instruction on the same screenshot and the
// source's misspelt `decription`), a grounding results file (`details[]`, UI-Venus'
// raw_response as a list of strings, no model name) and a navigation trace
// (`trace/trace.json`: an array of traces, each an array of `{image_path, task}`, with paths
// relative to the repository root) beside its screenshots. Three formats in one folder.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { renderScreen } from "./screens";

export const VENUS_META_SIZE = { width: 960, height: 540 };
export const VENUS_TRACE_SIZE = { width: 360, height: 640 };
export const VENUS_TRACE_STEPS = 4;

export async function writeUiVenusExamples(root: string): Promise<void> {
  await mkdir(path.join(root, "trace"), { recursive: true });
  await writeFile(
    path.join(root, "grounding_meta_format.json"),
    JSON.stringify(
      [
        {
          img_filename: "pc_settings_window.png",
          bbox: [880, 20, 940, 60],
          instruction: "close this window",
          application: "windows",
          id: "desktop_7",
          action: "Click the X in the top right corner.",
          decription: "A white X icon in the title bar.",
          negative_instruction: "print the document",
          negative_action: "Click the printer icon.",
          negative_description: "There is no printer icon on this screen.",
          ui_type: "icon",
          platform: "desktop",
          img_size: [VENUS_META_SIZE.width, VENUS_META_SIZE.height],
        },
      ],
      null,
      2,
    ),
  );
  await writeFile(path.join(root, "pc_settings_window.png"), await renderScreen(VENUS_META_SIZE.width, VENUS_META_SIZE.height, 700));
  await writeFile(
    path.join(root, "grounding_result_format.json"),
    JSON.stringify(
      {
        details: [
          {
            img_path: "osworld/settings_panel.png",
            group: null,
            platform: null,
            application: null,
            lang: "en",
            instruction_style: "instruction",
            prompt_to_evaluate: "Open the search settings filter.",
            gt_type: "positive",
            ui_type: null,
            task_filename: "osworld_g",
            pred: [412.5, 96.25],
            raw_response: ["[820,190,850,210]"],
            bbox: [400, 80, 430, 110],
            correctness: "correct",
          },
        ],
      },
      null,
      2,
    ),
  );
  const trace = [];
  for (let i = 0; i < VENUS_TRACE_STEPS; i++) {
    const name = `step${i}_c0ffee${i}.png`;
    await writeFile(path.join(root, "trace", name), await renderScreen(VENUS_TRACE_SIZE.width, VENUS_TRACE_SIZE.height, 720 + i));
    trace.push({ image_path: `examples/trace/${name}`, task: "在设置中打开深色模式" });
  }
  await writeFile(path.join(root, "trace", "trace.json"), JSON.stringify([trace], null, 2));
}
