// The geometry of an action, drawn in the screenshot's own pixel space (the parent SVG's
// viewBox is the image size). Marker sizes scale with the image so they look alike on phone
// and desktop screenshots; strokes do not scale and carry a white halo so they stay visible
// on dark and light screens alike.
import type { Action, PointObject } from "@/lib/domain/actions";

type Shape = { color: string; u: number };

const STROKE = { vectorEffect: "non-scaling-stroke", fill: "none" } as const;

function Ring({ x, y, r, color, dashed, width = 2.5 }: { x: number; y: number; r: number; color: string; dashed?: boolean; width?: number }) {
  return (
    <>
      <circle cx={x} cy={y} r={r} {...STROKE} stroke="white" strokeWidth={width + 3} strokeOpacity={0.9} />
      <circle cx={x} cy={y} r={r} {...STROKE} stroke={color} strokeWidth={width} strokeDasharray={dashed ? "5 4" : undefined} />
    </>
  );
}

function Dot({ x, y, r, color }: { x: number; y: number; r: number; color: string }) {
  return <circle cx={x} cy={y} r={r} fill={color} stroke="white" strokeWidth={1.5} vectorEffect="non-scaling-stroke" />;
}

function Segment({ a, b, color, width = 3 }: { a: PointObject; b: PointObject; color: string; width?: number }) {
  return (
    <>
      <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} {...STROKE} stroke="white" strokeWidth={width + 3} strokeOpacity={0.9} strokeLinecap="round" />
      <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} {...STROKE} stroke={color} strokeWidth={width} strokeLinecap="round" />
    </>
  );
}

// Marker sizes in units of `u` (a hundredth of the image's longer side): a point marker's
// ring, how far a long press's outer ring and a hover's arms reach beyond it, an arrow's head.
const RING = 2;
const LONG_PRESS_OUTER = 1.5;
const HOVER_ARM = 1.4;
const ARROW_HEAD = 3.2;

/** The unit marker sizes are drawn in, for an image of this size. */
export const markerUnit = (width: number, height: number) => Math.max(width, height) / 100;

/** How far from its point a marker reaches, in image pixels: the action's tag stays beyond it. */
export function markerReach(type: Action["type"], u: number): number {
  if (type === "long_press") return RING * LONG_PRESS_OUTER * u;
  if (type === "hover") return RING * HOVER_ARM * u;
  if (type === "drag" || type === "scroll") return ARROW_HEAD * u;
  return RING * u;
}

export function Arrow({ from, to, color, u }: Shape & { from: PointObject; to: PointObject }) {
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  const head = u * ARROW_HEAD;
  const wing = (side: number) => `${to.x - head * Math.cos(angle + side)},${to.y - head * Math.sin(angle + side)}`;
  const shaftEnd = { x: to.x - head * 0.7 * Math.cos(angle), y: to.y - head * 0.7 * Math.sin(angle) };
  return (
    <g data-shape="arrow">
      <Segment a={from} b={shaftEnd} color={color} />
      <polygon points={`${to.x},${to.y} ${wing(0.45)} ${wing(-0.45)}`} fill={color} stroke="white" strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
      <Dot x={from.x} y={from.y} r={u * 0.8} color={color} />
    </g>
  );
}

// One glyph per point action so a double click or a long press is not mistaken for a click.
export function PointMarker({ type, x, y, color, u }: Shape & { type: string; x: number; y: number }) {
  const r = u * RING;
  switch (type) {
    case "double_click":
      return <g data-shape="double_click"><Ring x={x} y={y} r={r} color={color} /><Ring x={x} y={y} r={r * 0.55} color={color} /><Dot x={x} y={y} r={r * 0.22} color={color} /></g>;
    case "long_press":
      return (
        <g data-shape="long_press">
          <circle cx={x} cy={y} r={r} fill={color} fillOpacity={0.3} />
          <Ring x={x} y={y} r={r} color={color} width={3.5} />
          <Ring x={x} y={y} r={r * LONG_PRESS_OUTER} color={color} dashed width={2} />
          <Dot x={x} y={y} r={r * 0.3} color={color} />
        </g>
      );
    case "hover":
      return (
        <g data-shape="hover">
          <Segment a={{ x: x - r * HOVER_ARM, y }} b={{ x: x - r * 0.4, y }} color={color} width={2.5} />
          <Segment a={{ x: x + r * 0.4, y }} b={{ x: x + r * HOVER_ARM, y }} color={color} width={2.5} />
          <Segment a={{ x, y: y - r * HOVER_ARM }} b={{ x, y: y - r * 0.4 }} color={color} width={2.5} />
          <Segment a={{ x, y: y + r * 0.4 }} b={{ x, y: y + r * HOVER_ARM }} color={color} width={2.5} />
          <Ring x={x} y={y} r={r * 0.2} color={color} width={2} />
        </g>
      );
    case "select":
      // A ring with the drop-down's chevron inside, so it does not read as a click.
      return (
        <g data-shape="select">
          <Ring x={x} y={y} r={r} color={color} />
          <polyline points={`${x - r * 0.45},${y - r * 0.2} ${x},${y + r * 0.3} ${x + r * 0.45},${y - r * 0.2}`} {...STROKE} stroke={color} strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" />
        </g>
      );
    default:
      return <g data-shape="click"><Ring x={x} y={y} r={r} color={color} /><Dot x={x} y={y} r={r * 0.3} color={color} /></g>;
  }
}

const DIRECTIONS = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] } as const;

// A scroll given only as a direction is drawn from where it happened (the pointer of a desktop
// wheel scroll, the element of a swipe), else from the screen centre.
export function scrollVector(action: Extract<Action, { type: "scroll" }>, width: number, height: number): { from: PointObject; to: PointObject } | null {
  if (action.from && action.to) return { from: action.from, to: action.to };
  if (!action.direction) return null;
  const [dx, dy] = DIRECTIONS[action.direction];
  const from = action.from ?? { x: width / 2, y: height / 2 };
  return { from, to: { x: from.x + dx * width * 0.22, y: from.y + dy * height * 0.22 } };
}

export function ActionShapes({ action, width, height, color }: { action: Action; width: number; height: number; color: string }) {
  const u = markerUnit(width, height);
  const box = action.element;
  let shape = null;
  if ((action.type === "click" || action.type === "double_click" || action.type === "long_press" || action.type === "hover" || action.type === "select") && action.x !== undefined && action.y !== undefined) {
    shape = <PointMarker type={action.type} x={action.x} y={action.y} color={color} u={u} />;
  } else if (action.type === "drag") {
    shape = <Arrow from={action.from} to={action.to} color={color} u={u} />;
  } else if (action.type === "scroll") {
    const v = scrollVector(action, width, height);
    if (v) shape = <Arrow from={v.from} to={v.to} color={color} u={u} />;
  }
  return (
    <g>
      {box && (
        <g data-shape="element">
          <rect x={box[0]} y={box[1]} width={box[2] - box[0]} height={box[3] - box[1]} {...STROKE} fill={color} fillOpacity={0.08} stroke="white" strokeWidth={5} strokeOpacity={0.8} />
          <rect x={box[0]} y={box[1]} width={box[2] - box[0]} height={box[3] - box[1]} {...STROKE} stroke={color} strokeWidth={2} strokeDasharray="6 4" />
        </g>
      )}
      {shape}
    </g>
  );
}
