// An agent's recorded thought, as a navigation prompt's history line may carry it: in the
// pool's coordinate space, like the action beside it, or not at all. AndroidLab's XML agent
// names the elements it reasons about by their UI Automator bounds, "[x1,y1][x2,y2]" in device
// pixels (often wrapped as "#[3,589][239,825]#"); Verity's AndroidLab screenshots are device
// pixels too (README: AndroidLab run folder), so such bounds are a box on the step's screenshot
// and are written in the convention (boxInConvention, the pool's rounding). Any other pair of
// numbers in brackets or parentheses is a coordinate of unknown space: the thought is left out
// of its line rather than shown beside an action on another grid. Pure.
import { boxInConvention, type ConventionSpace } from "@/lib/exports/conventions/coordinate-conventions";

const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
// [x1,y1][x2,y2], spaces allowed, as UI Automator dumps and AndroidLab's agent write them.
const BOUNDS = new RegExp(String.raw`\[\s*(${NUMBER})\s*,\s*(${NUMBER})\s*\]\s*\[\s*(${NUMBER})\s*,\s*(${NUMBER})\s*\]`, "g");
// "[12, 34" or "(12,34": the start of a coordinate pair in any other syntax.
const COORDINATE_PAIR = new RegExp(String.raw`[[(]\s*${NUMBER}\s*,\s*${NUMBER}`);

export type ThoughtInHistory = { text: string; converted: number } | { leftOut: "unknown_coordinates" | "bounds_outside_image" | "no_screenshot" };

/** The thought with every AndroidLab bounds box in the space's convention, or why it is left out. */
export function thoughtInConvention(thought: string, space: ConventionSpace | null): ThoughtInHistory {
  if (COORDINATE_PAIR.test(thought.replace(BOUNDS, ""))) return { leftOut: "unknown_coordinates" };
  let converted = 0;
  let outside = false;
  const text = thought.replace(BOUNDS, (match, ...groups: string[]) => {
    const box = groups.slice(0, 4).map(Number) as [number, number, number, number];
    if (!space || box[0] < 0 || box[1] < 0 || box[2] > space.image.width || box[3] > space.image.height || box[0] > box[2] || box[1] > box[3]) {
      outside = true;
      return match;
    }
    converted += 1;
    const [x1, y1, x2, y2] = boxInConvention(box, space);
    return `[${x1},${y1}][${x2},${y2}]`;
  });
  if (outside) return { leftOut: space ? "bounds_outside_image" : "no_screenshot" };
  return { text, converted };
}
