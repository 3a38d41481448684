// An AndroidControl episode as a converter leaves it, with its accessibility trees: the
// released TFRecords (google-research/google-research android_control/README.md
// @0ced6d0dc454f50b6900981434ebfcc25e56675a) hold one `AndroidAccessibilityForest` per
// screenshot (android_env/proto/a11y/*.proto @0be7d5010086b3324b5ecab18953dc89cf49fe10:
// windows[] with bounds_in_screen, title, window_type and tree.nodes[], each node with
// unique_id, bounds_in_screen, class_name, text, content_description, view_id_resource_name,
// is_* states and child_ids), serialized. A converter writes them as JSON (MessageToDict:
// lowerCamelCase; or preserving_proto_field_name: snake_case) or as text format
// (print(forest)). Episode 2001 has four screenshots and three actions, one forest of each kind:
// screenshot 0's inline in the episode (camelCase object), 1's as a text-format file, 2's as a
// snake_case JSON file (3, the end screen, has none). proto3 leaves zero fields out, as real
// dumps do.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { renderScreen } from "./screens";

export const CONTROL_TREES = 2001;
export const CONTROL_TREES_SIZE = { width: 1080, height: 2400 };

/** The "Alarm" button every forest has, where the episode's click lands. */
export const ALARM_BUTTON = { x1: 60, y1: 2200, x2: 540, y2: 2360 };

type Node = { id: number; cls: string; bounds: [number, number, number, number]; text?: string; desc?: string; viewId?: string; clickable?: boolean; children?: number[] };

function nodes(screen: number): Node[] {
  return [
    { id: 1, cls: "android.widget.FrameLayout", bounds: [0, 0, 1080, 2400], children: [2, 3] },
    { id: 2, cls: "android.widget.TextView", bounds: [48, 160, 1032, 280], text: `Clock ${screen}`, viewId: "com.google.android.deskclock:id/title" },
    { id: 3, cls: "android.widget.LinearLayout", bounds: [0, 2180, 1080, 2400], children: [4, 5] },
    { id: 4, cls: "android.widget.Button", bounds: [ALARM_BUTTON.x1, ALARM_BUTTON.y1, ALARM_BUTTON.x2, ALARM_BUTTON.y2], desc: "Alarm", viewId: "com.google.android.deskclock:id/tab_alarm", clickable: true },
    { id: 5, cls: "android.widget.Button", bounds: [540, 2200, 1020, 2360], desc: "Timer", clickable: true },
  ];
}

const rect = ([left, top, right, bottom]: Node["bounds"], name: (s: string) => string) =>
  Object.fromEntries(Object.entries({ left, top, right, bottom }).filter(([, v]) => v !== 0).map(([k, v]) => [name(k), v]));

function forestJson(screen: number, name: (snake: string) => string) {
  return {
    windows: [
      {
        [name("bounds_in_screen")]: rect([0, 0, 1080, 2400], name),
        id: 7,
        layer: 1,
        title: "Clock",
        [name("window_type")]: "TYPE_APPLICATION",
        [name("is_active")]: true,
        tree: {
          nodes: nodes(screen).map((n) => ({
            [name("unique_id")]: n.id,
            [name("bounds_in_screen")]: rect(n.bounds, name),
            [name("class_name")]: n.cls,
            [name("package_name")]: "com.google.android.deskclock",
            ...(n.text ? { text: n.text } : {}),
            ...(n.desc ? { [name("content_description")]: n.desc } : {}),
            ...(n.viewId ? { [name("view_id_resource_name")]: n.viewId } : {}),
            ...(n.clickable ? { [name("is_clickable")]: true } : {}),
            [name("is_enabled")]: true,
            [name("is_visible_to_user")]: true,
            ...(n.children ? { [name("child_ids")]: n.children } : {}),
            ...(n.id === 1 ? {} : { depth: n.id <= 3 ? 1 : 2 }),
          })),
        },
      },
    ],
  };
}

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const snake = (s: string) => s;

/** The forest as Python's print(forest) writes it. */
function forestText(screen: number): string {
  const lines: string[] = [];
  const box = (indent: string, [left, top, right, bottom]: Node["bounds"]) => {
    lines.push(`${indent}bounds_in_screen {`);
    for (const [k, v] of Object.entries({ left, top, right, bottom })) if (v !== 0) lines.push(`${indent}  ${k}: ${v}`);
    lines.push(`${indent}}`);
  };
  lines.push("windows {");
  box("  ", [0, 0, 1080, 2400]);
  lines.push("  id: 7", "  layer: 1", '  title: "Clock"', "  window_type: TYPE_APPLICATION", "  is_active: true", "  tree {");
  for (const n of nodes(screen)) {
    lines.push("    nodes {", `      unique_id: ${n.id}`);
    box("      ", n.bounds);
    lines.push(`      class_name: "${n.cls}"`, '      package_name: "com.google.android.deskclock"');
    if (n.text) lines.push(`      text: "${n.text}"`);
    if (n.desc) lines.push(`      content_description: "${n.desc}"`);
    if (n.viewId) lines.push(`      view_id_resource_name: "${n.viewId}"`);
    if (n.clickable) lines.push("      is_clickable: true");
    lines.push("      is_enabled: true", "      is_visible_to_user: true");
    for (const c of n.children ?? []) lines.push(`      child_ids: ${c}`);
    lines.push("    }");
  }
  lines.push("  }", "}");
  return lines.join("\n") + "\n";
}

export async function writeAndroidControlTrees(root: string): Promise<string> {
  const dir = path.join(root, "android_control");
  await mkdir(path.join(dir, String(CONTROL_TREES)), { recursive: true });
  const episode = {
    episode_id: CONTROL_TREES,
    goal: "Open the alarms in the Clock app.",
    screenshots: [0, 1, 2, 3].map((i) => `${CONTROL_TREES}/screenshot_${i}.png`),
    screenshot_widths: [1080, 1080, 1080, 1080],
    screenshot_heights: [2400, 2400, 2400, 2400],
    accessibility_trees: [forestJson(0, camel), `${CONTROL_TREES}/accessibility_tree_1.txt`, `${CONTROL_TREES}/accessibility_tree_2.json`],
    actions: [JSON.stringify({ action_type: "click", x: 300, y: 2280 }), JSON.stringify({ action_type: "wait" }), JSON.stringify({ action_type: "navigate_back" })],
    step_instructions: ["Tap Alarm", "Wait for the alarms", "Go back"],
  };
  await writeFile(path.join(dir, `${CONTROL_TREES}.json`), JSON.stringify(episode, null, 2));
  await writeFile(path.join(dir, String(CONTROL_TREES), "accessibility_tree_1.txt"), forestText(1));
  await writeFile(path.join(dir, String(CONTROL_TREES), "accessibility_tree_2.json"), JSON.stringify(forestJson(2, snake), null, 2));
  for (const i of [0, 1, 2, 3]) await writeFile(path.join(dir, String(CONTROL_TREES), `screenshot_${i}.png`), await renderScreen(1080, 2400, 70 + i));
  return dir;
}
