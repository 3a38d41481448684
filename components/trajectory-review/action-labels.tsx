// The words of an action: small tags on the screenshot beside markers (positions in image
// pixels turned into percentages, so they sit on the SVG geometry at any zoom while the text
// keeps a readable size), and beside the screenshot what has no place on it or would hide the
// pixels it describes: the typed text, key caps, finish and its answer, back, a numbered
// WebVoyager element without coordinates. A tag stands outside its target: clear of the
// element's box where the source gave one and of the marker drawn at the point, on the side
// with more room (issue 36, item 26: it sat on the pixels beside the point, over a small
// target's neighbours and at higher zoom over the target itself). Every word is from the
// catalogue (action-words.ts).
import type { ReactNode } from "react";
import { markerReach, markerUnit, scrollVector } from "@/components/trajectory-review/action-shapes";
import { actionName, bareActionName, motionName, pointActionName } from "@/components/trajectory-review/action-words";
import type { Action } from "@/lib/domain/actions";
import { useT } from "@/components/i18n/i18n-provider";
import type { Translate } from "@/lib/i18n/translate";

export const TONES = {
  action: { color: "#c026d3", chip: "border-fuchsia-600 bg-fuchsia-700 text-white" },
  corrected: { color: "#0e7490", chip: "border-cyan-700 bg-cyan-800 text-white" },
} as const;
export type Tone = keyof typeof TONES;

type Size = { width: number; height: number };
/** What a tag must not cover, in image pixels: the target's box and the marker. */
type Keep = { x1: number; y1: number; x2: number; y2: number };
const pct = (v: number, total: number) => `${Math.min(100, Math.max(0, (v / total) * 100))}%`;

/** The area a tag keeps clear of: the marker around the point, and the element's box if known. */
export function tagKeepOut(action: Action, at: { x: number; y: number }, size: Size): Keep {
  const reach = markerReach(action.type, markerUnit(size.width, size.height));
  const keep = { x1: at.x - reach, y1: at.y - reach, x2: at.x + reach, y2: at.y + reach };
  const box = action.element;
  if (!box) return keep;
  return { x1: Math.min(keep.x1, box[0]), y1: Math.min(keep.y1, box[1]), x2: Math.max(keep.x2, box[2]), y2: Math.max(keep.y2, box[3]) };
}

// Beside the kept-out area, on the side with more room, level with the point.
function Tag({ width, height, at, keep, tone, children }: Size & { at: { x: number; y: number }; keep: Keep; tone: Tone; children: ReactNode }) {
  const isLeft = (keep.x1 + keep.x2) / 2 > width * 0.6;
  const dy = at.y < height * 0.06 ? "0.4rem" : at.y > height * 0.94 ? "-120%" : "-50%";
  return (
    <span data-testid="action-tag" className={`absolute rounded border px-1.5 py-0.5 text-xs font-medium whitespace-nowrap shadow ${TONES[tone].chip}`}
      style={{ left: pct(isLeft ? keep.x1 : keep.x2, width), top: pct(at.y, height), transform: `translate(${isLeft ? "calc(-100% - 0.35rem)" : "0.35rem"}, ${dy})` }}>
      {children}
    </span>
  );
}

// Words with no place on the screen (finish and its answer, keys, back): a line beside the
// screenshot, never over its pixels (issue 17: the finish banner hid what the screen ended on).
function Note({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId} className={`max-h-24 overflow-auto rounded-md border px-2 py-1 text-sm font-semibold ${TONES[tone].chip}`}>{children}</div>
  );
}

const elementName = (a: Action, t: Translate) => (a.elementLabel ? t("trajectory.action.element", { label: a.elementLabel }) : null);

// The typed text, beside the screenshot: the element it went into is drawn on the image.
function TypedText({ action, text, tone, t }: { action: Action; text: string; tone: Tone; t: Translate }) {
  const element = elementName(action, t);
  return (
    <div className="max-h-28 overflow-auto rounded-lg border-2 bg-white px-2 py-1 text-slate-900" data-testid="typed-text" style={{ borderColor: TONES[tone].color }}>
      <span className="block text-[0.65rem] font-semibold tracking-wide text-slate-600 uppercase">{element ? t("trajectory.action.typesInto", { element }) : t("trajectory.action.types")}</span>
      <span className="font-mono text-sm break-words whitespace-pre-wrap">{text === "" ? t("trajectory.action.emptyText") : text}</span>
    </div>
  );
}

/** The tags drawn on the screenshot beside the action's marker, for actions with a place. */
export function ActionLabels({ action, width, height, tone }: Size & { action: Action; tone: Tone }) {
  const t = useT();
  const size = { width, height };
  const element = elementName(action, t);
  switch (action.type) {
    case "click":
    case "double_click":
    case "long_press":
    case "hover": {
      if (action.x === undefined || action.y === undefined) return null;
      const at = { x: action.x, y: action.y };
      const label = pointActionName(action, t);
      return <Tag {...size} at={at} keep={tagKeepOut(action, at, size)} tone={tone}>{tone === "corrected" ? t("trajectory.action.corrected", { action: label }) : label}{element ? ` ${element}` : ""}</Tag>;
    }
    case "select": {
      if (action.x === undefined || action.y === undefined) return null;
      const at = { x: action.x, y: action.y };
      return <Tag {...size} at={at} keep={tagKeepOut(action, at, size)} tone={tone}>{selectText(action, element, t)}</Tag>;
    }
    case "scroll":
    case "drag": {
      const v = action.type === "drag" ? { from: action.from, to: action.to } : scrollVector(action, width, height);
      if (!v) return null;
      return <Tag {...size} at={v.to} keep={tagKeepOut(action, v.to, size)} tone={tone}>{motionName(action, t)}{element ? ` · ${element}` : ""}</Tag>;
    }
    default:
      return null;
  }
}

function selectText(action: Extract<Action, { type: "select" }>, element: string | null, t: Translate): string {
  return element ? t("trajectory.action.selectsIn", { option: action.option, element }) : t("trajectory.action.selects", { option: action.option });
}

/** Whether ActionNote has anything to say (everything else is said by the tags on the image). */
export function hasActionNote(action: Action): boolean {
  switch (action.type) {
    case "click":
    case "double_click":
    case "long_press":
    case "hover":
    case "select":
      return action.x === undefined || action.y === undefined;
    case "scroll":
    case "drag":
      return false;
    default:
      return true;
  }
}

/** The action's words that have no place on the screen, for the line beside the screenshot
 * (null when everything is said by the tags on it: hasActionNote). */
export function ActionNote({ action, tone }: { action: Action; tone: Tone }) {
  const t = useT();
  if (!hasActionNote(action)) return null;
  const element = elementName(action, t);
  switch (action.type) {
    case "click":
    case "double_click":
    case "long_press":
    case "hover":
      return <Note tone={tone}>{pointActionName(action, t)} → {element}</Note>;
    case "select":
      return <Note tone={tone}>{selectText(action, element, t)}</Note>;
    case "type":
      return <TypedText action={action} text={action.text} tone={tone} t={t} />;
    case "hotkey":
      return (
        <Note tone={tone}>
          <span className="mr-1">{t("trajectory.action.keys")}</span>
          {action.keys.map((k, i) => (
            <kbd key={i} className="mx-0.5 rounded border border-b-2 border-slate-400 bg-white px-1.5 font-mono text-xs text-slate-900">{k}</kbd>
          ))}
        </Note>
      );
    case "wait":
      return <Note tone={tone}>⏳ {actionName(action, t)}</Note>;
    case "finish":
      if (action.isInfeasible) return <Note tone={tone} testId="finish-note">✗ {t("trajectory.action.givesUp")}</Note>;
      return (
        <Note tone={tone} testId="finish-note">
          ✓ {t("trajectory.action.finish")}
          {action.answer !== undefined && <span className="mt-0.5 block text-left font-normal break-words whitespace-pre-wrap">{t("trajectory.action.answer", { answer: action.answer })}</span>}
        </Note>
      );
    case "back":
    case "home":
    case "enter":
    case "recent":
      return <Note tone={tone}>{bareActionName(action.type, t)}</Note>;
    default:
      return <Note tone={tone}>{actionName(action, t)}</Note>;
  }
}
