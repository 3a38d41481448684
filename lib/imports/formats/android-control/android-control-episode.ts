import "server-only";
// One AndroidControl episode (google-research/google-research android_control/README.md),
// with the TFRecord's own field names as JSON: episode_id, goal, `actions` (JSON dictionaries,
// as strings or objects), step_instructions, screenshot_widths / screenshot_heights, and the
// screenshots and accessibility trees as file paths (PNG bytes do not fit in JSON). "The
// actions are performed between consecutive screenshots, so there are len(screenshots) - 1
// of them": action i acts on screenshot i, and the last screenshot is the end state.
// Action types: click / long_press {x, y}; scroll {direction}; open_app {app_name};
// input_text {text}; `type` {x, y, text} ("performs a click at the specified coordinates,
// inputs the text, and then hits enter": three steps on the same screenshot here);
// navigate_home; navigate_back; wait. Coordinates are pixels of the screenshot whose size the
// episode lists, which is the contract's reference size, so a resized copy still lines up.
// Without listed paths, screenshots are looked for beside the episode file, named as
// converters write them (see screenshotCandidates). `accessibility_trees[i]` is the forest of
// screenshot i: a file path (JSON or text format, read when shown), the forest itself as a
// JSON object, or its JSON / text format inline as a string (stored as given, see treeOf);
// lib/ui-tree/android-forest.ts turns either into the tree with bounds.
import { z } from "zod";
import { ActionSchema, type Action } from "@/lib/domain/actions";
import type { CoordinateContract } from "@/lib/domain/coordinates";
import type { ParsedItem, SourceLocation, StepRecord, TrajectoryRecord } from "@/lib/imports/records";
import { UNJUDGED_EPISODE } from "@/lib/imports/records";
import { joinRef } from "@/lib/imports/formats/trajectories/source-files";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";

export const EpisodeSchema = z.looseObject({
  episode_id: z.union([z.number().int(), z.string().min(1)]).transform(String),
  goal: z.string(),
  actions: z.array(z.unknown()),
  step_instructions: z.array(z.string()).optional(),
  screenshot_widths: z.array(z.number().positive()).optional(),
  screenshot_heights: z.array(z.number().positive()).optional(),
  screenshots: z.array(z.string()).optional(),
  accessibility_trees: z.array(z.unknown()).optional(),
});
type Episode = z.infer<typeof EpisodeSchema>;

const ActionShape = z.looseObject({ action_type: z.string() });
const Point = z.object({ x: z.number(), y: z.number() });

// A PNG written into JSON as base64 starts with these characters.
const BASE64_PNG = /^iVBORw0KGgo/;

/** Where converters put screenshot i of an episode, relative to the episode file's folder. */
export function screenshotCandidates(episodeId: string, i: number): string[] {
  return [`${episodeId}/screenshot_${i}.png`, `${episodeId}/${i}.png`, `${episodeId}_${i}.png`, `screenshots/${episodeId}_${i}.png`];
}

export type EpisodeContext = {
  /** Folder of the episode file, relative to the import root. */
  baseRel: string;
  /** Root-relative paths that exist, to choose among the naming conventions. */
  exists(rel: string): boolean;
};

function decode(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function build(action: z.infer<typeof ActionShape>): unknown[] | string {
  switch (action.action_type) {
    case "click":
    case "long_press": {
      const p = Point.safeParse(action);
      return p.success ? [{ type: action.action_type, x: p.data.x, y: p.data.y }] : `${action.action_type} needs x and y`;
    }
    case "scroll":
      return [{ type: "scroll", direction: action.direction }];
    case "open_app":
      return [{ type: "open_app", name: action.app_name }];
    case "input_text":
      return [{ type: "type", text: action.text }];
    case "type": {
      const p = Point.safeParse(action);
      if (!p.success) return "type needs x and y";
      return [{ type: "click", x: p.data.x, y: p.data.y }, { type: "type", text: action.text }, { type: "enter" }];
    }
    case "navigate_home":
      return [{ type: "home" }];
    case "navigate_back":
      return [{ type: "back" }];
    case "wait":
      return [{ type: "wait" }];
    default:
      return `unknown AndroidControl action_type "${action.action_type}"`;
  }
}

type Mapped = { actions: (Action | null)[]; note: string | null };

function mapAction(raw: unknown): Mapped {
  const shape = ActionShape.safeParse(decode(raw));
  if (!shape.success) return { actions: [null], note: `not an AndroidControl action: ${describeZodError(shape.error)}` };
  const built = build(shape.data);
  if (typeof built === "string") return { actions: [null], note: built };
  const actions: Action[] = [];
  for (const candidate of built) {
    const parsed = ActionSchema.safeParse(candidate);
    if (!parsed.success) return { actions: [null], note: `${shape.data.action_type}: ${describeZodError(parsed.error)}` };
    actions.push(parsed.data);
  }
  return { actions, note: built.length > 1 ? `AndroidControl's \`type\` is a click, the text and Enter: ${built.length} steps on one screenshot` : null };
}

function contractFor(episode: Episode, i: number): CoordinateContract {
  const width = episode.screenshot_widths?.[i];
  const height = episode.screenshot_heights?.[i];
  return width && height ? { format: "xyxy", unit: "px", reference: { width, height } } : { format: "xyxy", unit: "px" };
}

// An inline forest as the converter wrote it: JSON text, text format, or the object itself.
const INLINE_FOREST = /^\s*(?:\{|windows\s*[:{<])/;

type TreeSource = { ref: string | null; text: string | null };

function treeOf(tree: unknown, ctx: EpisodeContext, notes: string[]): TreeSource {
  if (tree === undefined || tree === null) return { ref: null, text: null };
  if (typeof tree === "object") return { ref: null, text: JSON.stringify(tree) };
  if (typeof tree !== "string" || tree.trim() === "") {
    notes.push("the accessibility tree is neither a path nor a forest; not stored");
    return { ref: null, text: null };
  }
  if (INLINE_FOREST.test(tree)) return { ref: null, text: tree };
  // Serialized proto bytes written into JSON (base64) are not a path and cannot be read here.
  if (/^[A-Za-z0-9+/]{200,}={0,2}$/.test(tree)) {
    notes.push("the accessibility tree is serialized proto bytes (base64), which Verity does not read; convert it to JSON or text format");
    return { ref: null, text: null };
  }
  return { ref: joinRef(ctx.baseRel, tree), text: null };
}

function screenshotRef(episode: Episode, i: number, ctx: EpisodeContext, notes: string[]): string | null {
  const listed = episode.screenshots?.[i];
  if (listed !== undefined) {
    if (BASE64_PNG.test(listed)) {
      notes.push("screenshots embedded as base64 are not read; save them as files and list their paths");
      return null;
    }
    return joinRef(ctx.baseRel, listed);
  }
  const candidates = screenshotCandidates(episode.episode_id, i).map((c) => joinRef(ctx.baseRel, c));
  const found = candidates.find((c) => ctx.exists(c));
  if (!found) notes.push(`no screenshot ${i} listed or found (looked for ${candidates.join(", ")})`);
  return found ?? candidates[0]!;
}

export function androidControlTrajectory(value: unknown, location: SourceLocation, ctx: EpisodeContext): ParsedItem {
  const parsed = EpisodeSchema.safeParse(value);
  if (!parsed.success) return { type: "rejected", location, reason: `not an AndroidControl episode: ${describeZodError(parsed.error)}` };
  const episode = parsed.data;
  const steps: StepRecord[] = [];
  const count = episode.actions.length;
  const listedScreens = episode.screenshots?.length ?? episode.screenshot_widths?.length;
  episode.actions.forEach((raw, i) => {
    const notes: string[] = [];
    const imageRef = screenshotRef(episode, i, ctx, notes);
    const mapped = mapAction(raw);
    if (mapped.note) notes.push(mapped.note);
    const tree = treeOf(episode.accessibility_trees?.[i], ctx, notes);
    for (const action of mapped.actions) {
      const isLocated = action !== null && "x" in action && action.x !== undefined;
      steps.push({
        index: steps.length,
        imageRef,
        action,
        actionContract: isLocated ? contractFor(episode, i) : null,
        isRepeated: false,
        rawOutput: typeof raw === "string" ? raw : JSON.stringify(raw),
        // The human rater's step instruction for this action.
        thought: episode.step_instructions?.[i] ?? null,
        uiTreeRef: tree.ref,
        uiTreeText: tree.text,
        note: notes.length ? notes.join("; ") : null,
        verdicts: [],
      });
    }
  });
  const mismatch = listedScreens !== undefined && listedScreens !== count + 1 ? `${listedScreens} screenshots for ${count} actions (AndroidControl has one more screenshot than actions)` : null;
  const last = steps.at(-1);
  if (mismatch && last) last.note = last.note ? `${last.note}; ${mismatch}` : mismatch;
  const firstApp = steps.find((s) => s.action?.type === "open_app")?.action;
  const record: TrajectoryRecord = {
    type: "trajectory",
    location,
    sourceDataset: "android-control",
    sourceId: episode.episode_id,
    goal: episode.goal,
    benchmark: "android-control",
    app: firstApp?.type === "open_app" ? (firstApp.name ?? null) : null,
    // No model, no run, no automatic outcome.
    ...UNJUDGED_EPISODE,
    steps,
    verdicts: [],
    extra: {
      episodeId: episode.episode_id,
      endScreenshotRef: episode.screenshots?.[count] !== undefined && !BASE64_PNG.test(episode.screenshots[count]!) ? joinRef(ctx.baseRel, episode.screenshots[count]!) : null,
      ...(mismatch ? { screenshotCountMismatch: mismatch } : {}),
      screenshotSizes: episode.screenshot_widths?.map((w, i) => [w, episode.screenshot_heights?.[i] ?? null]) ?? null,
    },
  };
  return record;
}
