// The words of an action over the screenshot: tags beside markers, the typed text as a bubble,
// key caps, and badges for actions without a place (back, finish with its answer, a numbered
// WebVoyager element). Positions are in image pixels turned into percentages, so they sit on
// the SVG geometry at any display size while the text keeps a readable screen size.
import type { ReactNode } from "react";
import { scrollVector } from "@/components/trajectory-review/action-shapes";
import type { Action } from "@/lib/domain/actions";

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

function Banner({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <div className="absolute top-3 left-1/2 flex max-w-[90%] -translate-x-1/2 flex-col items-center gap-1">
      <span className={`rounded-md border px-2 py-1 text-sm font-semibold shadow ${TONES[tone].chip}`}>{children}</span>
    </div>
  );
}

const elementName = (a: Action) => (a.elementLabel ? `element [${a.elementLabel}]` : null);

// Under the target when it is known, above it near the bottom, else mid-screen.
function Bubble({ action, text, width, height, tone }: Size & { action: Action; text: string; tone: Tone }) {
  const box = action.element;
  const x = box ? (box[0] + box[2]) / 2 : "x" in action && action.x !== undefined ? action.x : width / 2;
  const below = box ? box[3] : "y" in action && action.y !== undefined ? action.y : height * 0.4;
  const isLow = below > height * 0.75;
  const y = isLow && box ? box[1] : below;
  return (
    <div className="absolute w-max max-w-[80%] rounded-lg border-2 border-fuchsia-600 bg-white px-2 py-1 text-slate-900 shadow-lg" data-testid="typed-text"
      style={{ left: pct(x, width), top: pct(y, height), transform: `translate(-50%, ${isLow ? "calc(-100% - 0.5rem)" : "0.5rem"})`, borderColor: TONES[tone].color }}>
      <span className="block text-[0.65rem] font-semibold tracking-wide text-slate-600 uppercase">
        types{elementName(action) ? ` into ${elementName(action)}` : ""}
      </span>
      <span className="font-mono text-sm break-words whitespace-pre-wrap">{text === "" ? "(empty text)" : text}</span>
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

export function ActionLabels({ action, width, height, tone }: Size & { action: Action; tone: Tone }) {
  const size = { width, height };
  const name = action.type.replace("_", " ");
  const element = elementName(action);
  switch (action.type) {
    case "click":
    case "double_click":
    case "long_press":
    case "hover": {
      const label = pointName(action);
      if (action.x !== undefined && action.y !== undefined) {
        return <Tag {...size} x={action.x} y={action.y} tone={tone}>{tone === "corrected" ? `corrected ${label}` : label}{element ? ` ${element}` : ""}</Tag>;
      }
      return <Banner tone={tone}>{label} → {element}</Banner>;
    }
    case "select": {
      const text = `selects “${action.option}”${element ? ` in ${element}` : ""}`;
      if (action.x !== undefined && action.y !== undefined) return <Tag {...size} x={action.x} y={action.y} tone={tone}>{text}</Tag>;
      return <Banner tone={tone}>{text}</Banner>;
    }
    case "type":
      return <Bubble {...size} action={action} text={action.text} tone={tone} />;
    case "scroll":
    case "drag": {
      const v = action.type === "drag" ? { from: action.from, to: action.to } : scrollVector(action, width, height);
      const amount = action.type === "scroll" && action.amount !== undefined ? ` ×${action.amount}` : "";
      const text = `${action.type === "scroll" && action.direction ? `scroll ${action.direction}` : name}${amount}${element ? ` in ${element}` : ""}`;
      return v ? <Tag {...size} x={v.to.x} y={v.to.y} tone={tone}>{text}</Tag> : null;
    }
    case "hotkey":
      return (
        <Banner tone={tone}>
          <span className="mr-1">keys</span>
          {action.keys.map((k, i) => (
            <kbd key={i} className="mx-0.5 rounded border border-b-2 border-slate-400 bg-white px-1.5 font-mono text-xs text-slate-900">{k}</kbd>
          ))}
        </Banner>
      );
    case "open_app":
      return <Banner tone={tone}>open app: {action.name ?? action.url}</Banner>;
    case "wait":
      return <Banner tone={tone}>⏳ wait{action.seconds !== undefined ? ` ${action.seconds}s` : ""}</Banner>;
    case "call_user":
      return <Banner tone={tone}>asks the user: {action.text}</Banner>;
    case "finish":
      if (action.isInfeasible) return <Banner tone={tone}>✗ gives up: the task is infeasible</Banner>;
      return (
        <Banner tone={tone}>
          ✓ finish
          {action.answer !== undefined && <span className="mt-0.5 block max-h-40 overflow-auto text-left font-normal break-words whitespace-pre-wrap">answer: {action.answer}</span>}
        </Banner>
      );
    default:
      return <Banner tone={tone}>{BARE[action.type] ?? name}</Banner>;
  }
}
