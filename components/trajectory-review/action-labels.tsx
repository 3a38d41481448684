// The words of an action: small tags on the screenshot beside markers (positions in image
// pixels turned into percentages, so they sit on the SVG geometry at any zoom while the text
// keeps a readable size), and beside the screenshot what has no place on it or would hide the
// pixels it describes: the typed text, key caps, finish and its answer, back, a numbered
// WebVoyager element without coordinates.
import type { ReactNode } from "react";
import { scrollVector } from "@/components/trajectory-review/action-shapes";
import type { Action } from "@/lib/domain/actions";
import { useT } from "@/components/i18n/i18n-provider";
import type { Translate } from "@/lib/i18n/translate";

export const TONES = {
  action: { color: "#c026d3", chip: "border-fuchsia-600 bg-fuchsia-700 text-white" },
  corrected: { color: "#0e7490", chip: "border-cyan-700 bg-cyan-800 text-white" },
} as const;
export type Tone = keyof typeof TONES;

type Size = { width: number; height: number };
const pct = (v: number, total: number) => `${Math.min(100, Math.max(0, (v / total) * 100))}%`;

// Beside a point, on the side with more room.
function Tag({ x, y, width, height, tone, children }: Size & { x: number; y: number; tone: Tone; children: ReactNode }) {
  const dx = x > width * 0.6 ? "calc(-100% - 1.1rem)" : "1.1rem";
  const dy = y < height * 0.06 ? "0.4rem" : y > height * 0.94 ? "-120%" : "-50%";
  return (
    <span className={`absolute rounded border px-1.5 py-0.5 text-xs font-medium whitespace-nowrap shadow ${TONES[tone].chip}`}
      style={{ left: pct(x, width), top: pct(y, height), transform: `translate(${dx}, ${dy})` }}>
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

const BARE: Record<string, string> = { back: "◀ back", home: "⌂ home", enter: "↵ enter", recent: "▤ recent apps" };

// "right click", "triple click", "middle double click": the button and the press count are
// part of what the agent did.
function pointName(action: Extract<Action, { type: "click" | "double_click" | "long_press" | "hover" }>): string {
  const name = action.type.replace("_", " ");
  if (action.type !== "click" && action.type !== "double_click") return name;
  const button = action.button && action.button !== "left" ? `${action.button} ` : "";
  const times = action.type === "click" && action.clicks !== undefined && action.clicks > 1 ? (action.clicks === 3 ? "triple " : `${action.clicks}× `) : "";
  return `${button}${times}${name}`;
}

/** The tags drawn on the screenshot beside the action's marker, for actions with a place. */
export function ActionLabels({ action, width, height, tone }: Size & { action: Action; tone: Tone }) {
  const t = useT();
  const size = { width, height };
  const element = elementName(action, t);
  const name = action.type.replace("_", " ");
  switch (action.type) {
    case "click":
    case "double_click":
    case "long_press":
    case "hover": {
      if (action.x === undefined || action.y === undefined) return null;
      const label = pointName(action);
      return <Tag {...size} x={action.x} y={action.y} tone={tone}>{tone === "corrected" ? t("trajectory.action.corrected", { action: label }) : label}{element ? ` ${element}` : ""}</Tag>;
    }
    case "select":
      if (action.x === undefined || action.y === undefined) return null;
      return <Tag {...size} x={action.x} y={action.y} tone={tone}>{selectText(action, element, t)}</Tag>;
    case "scroll":
    case "drag": {
      const v = action.type === "drag" ? { from: action.from, to: action.to } : scrollVector(action, width, height);
      const amount = action.type === "scroll" && action.amount !== undefined ? ` ×${action.amount}` : "";
      const text = `${action.type === "scroll" && action.direction ? `scroll ${action.direction}` : name}${amount}${element ? ` · ${element}` : ""}`;
      return v ? <Tag {...size} x={v.to.x} y={v.to.y} tone={tone}>{text}</Tag> : null;
    }
    default:
      return null;
  }
}

function selectText(action: Extract<Action, { type: "select" }>, element: string | null, t: Translate): string {
  return element ? t("trajectory.action.selectsIn", { option: action.option, element }) : t("trajectory.action.selects", { option: action.option });
}

/** The action's words that have no place on the screen, for the line beside the screenshot
 * (null when everything is said by the tags on it). */
export function ActionNote({ action, tone }: { action: Action; tone: Tone }) {
  const t = useT();
  const element = elementName(action, t);
  const name = action.type.replace("_", " ");
  switch (action.type) {
    case "click":
    case "double_click":
    case "long_press":
    case "hover":
      return action.x === undefined || action.y === undefined ? <Note tone={tone}>{pointName(action)} → {element}</Note> : null;
    case "select":
      return action.x === undefined || action.y === undefined ? <Note tone={tone}>{selectText(action, element, t)}</Note> : null;
    case "type":
      return <TypedText action={action} text={action.text} tone={tone} t={t} />;
    case "scroll":
    case "drag":
      return null;
    case "hotkey":
      return (
        <Note tone={tone}>
          <span className="mr-1">{t("trajectory.action.keys")}</span>
          {action.keys.map((k, i) => (
            <kbd key={i} className="mx-0.5 rounded border border-b-2 border-slate-400 bg-white px-1.5 font-mono text-xs text-slate-900">{k}</kbd>
          ))}
        </Note>
      );
    case "open_app":
      return <Note tone={tone}>{t("trajectory.action.openApp", { app: action.name ?? action.url ?? "" })}</Note>;
    case "wait":
      return <Note tone={tone}>⏳ {action.seconds !== undefined ? t("trajectory.action.waitSeconds", { seconds: action.seconds }) : t("trajectory.action.wait")}</Note>;
    case "call_user":
      return <Note tone={tone}>{t("trajectory.action.asksUser", { text: action.text })}</Note>;
    case "finish":
      if (action.isInfeasible) return <Note tone={tone} testId="finish-note">✗ {t("trajectory.action.givesUp")}</Note>;
      return (
        <Note tone={tone} testId="finish-note">
          ✓ {t("trajectory.action.finish")}
          {action.answer !== undefined && <span className="mt-0.5 block text-left font-normal break-words whitespace-pre-wrap">{t("trajectory.action.answer", { answer: action.answer })}</span>}
        </Note>
      );
    default:
      return <Note tone={tone}>{BARE[action.type] ?? name}</Note>;
  }
}
