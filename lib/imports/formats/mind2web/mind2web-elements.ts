// Element boxes in Mind2Web's records. Two spaces exist:
//   - page coordinates: `bounding_box_rect: "x,y,w,h"` in each candidate's serialized
//     `attributes` (and on the elements of raw_html), measured on the whole document; the
//     Multimodal-Mind2Web screenshot is the full page (its `html` element spans 0,0 to the
//     page size), so page coordinates are that screenshot's pixels;
//   - image coordinates: SeeClick's processed files give the target as `bbox: {x, y, width,
//     height}` in the pixels of SeeClick's own screenshot (mind2web_test.py divides it by
//     image.size), which need not be the full page.
// All are [x, y, w, h]; they become [x1, y1, x2, y2] through the coordinate contract's xywh
// reading (px, so no size is involved), the one conversion there is. When a step has both a
// SeeClick bbox and the target's page box, their difference is the viewport's offset on the
// page: it is recorded, and candidate boxes stay in page coordinates, never shifted.
import { boxToPixels } from "@/lib/domain/coordinates";
import type { Box } from "@/lib/domain/geometry";

const XYWH_PX = { format: "xywh", unit: "px" } as const;
// px without a reference size does not scale: the size argument is not used.
const UNUSED_SIZE = { width: 1, height: 1 };

export function xywhToBox(raw: readonly number[]): Box | null {
  if (raw.length !== 4 || !raw.every(Number.isFinite)) return null;
  try {
    return boxToPixels(raw, XYWH_PX, UNUSED_SIZE);
  } catch {
    return null;
  }
}

/** "587,596.59375,93,54" -> [587, 596.59375, 680, 650.59375] */
export function rectToBox(rect: unknown): Box | null {
  if (typeof rect !== "string") return null;
  const parts = rect.split(",").map((p) => Number(p.trim()));
  return parts.length === 4 ? xywhToBox(parts) : null;
}

export type Candidate = { id: string | null; tag: string | null; box: Box | null; isPositive: boolean; isOriginalTarget: boolean };

function objectOf(value: unknown): Record<string, unknown> | null {
  if (typeof value === "string") {
    try {
      return objectOf(JSON.parse(value));
    } catch {
      return null;
    }
  }
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A pos/neg candidate as Mind2Web stores it (an object, or its JSON string in Multimodal-Mind2Web). */
export function readCandidate(value: unknown, isPositive: boolean): Candidate | null {
  const candidate = objectOf(value);
  if (!candidate) return null;
  const attributes = objectOf(candidate.attributes);
  const id = candidate.backend_node_id ?? attributes?.backend_node_id;
  return {
    id: typeof id === "string" || typeof id === "number" ? String(id) : null,
    tag: typeof candidate.tag === "string" ? candidate.tag : null,
    box: rectToBox(attributes?.bounding_box_rect),
    isPositive,
    isOriginalTarget: candidate.is_original_target === true,
  };
}

export function readCandidates(pos: unknown, neg: unknown): Candidate[] {
  const list = (v: unknown) => (Array.isArray(v) ? v : []);
  return [
    ...list(pos).map((c) => readCandidate(c, true)),
    ...list(neg).map((c) => readCandidate(c, false)),
  ].filter((c): c is Candidate => c !== null);
}

/** The labelled target among the positives: the annotator's original element first. */
export function targetCandidate(candidates: Candidate[]): Candidate | null {
  const positives = candidates.filter((c) => c.isPositive && c.box);
  return positives.find((c) => c.isOriginalTarget) ?? positives[0] ?? null;
}

/** The document's size, from the root element's box (the `html` candidate at 0,0). */
export function pageSizeOf(candidates: Candidate[]): { width: number; height: number } | null {
  const root = candidates.find((c) => c.tag === "html" && c.box && c.box[0] === 0 && c.box[1] === 0);
  return root?.box ? { width: root.box[2], height: root.box[3] } : null;
}

/**
 * The target's page box from raw_html, where Mind2Web marks the labelled element with
 * `data_pw_testid_buckeye="<action_uid>"` (its README: the original target "can always be
 * found in the raw_html"). Only that element's own tag is read.
 */
export function targetBoxFromHtml(html: unknown, actionUid: string): Box | null {
  if (typeof html !== "string" || actionUid === "") return null;
  for (const quote of ['"', "'"]) {
    const at = html.indexOf(`data_pw_testid_buckeye=${quote}${actionUid}${quote}`);
    if (at < 0) continue;
    const start = html.lastIndexOf("<", at);
    const end = html.indexOf(">", at);
    if (start < 0 || end < 0) return null;
    const tag = html.slice(start, end);
    const rect = /bounding_box_rect=(["'])([^"']*)\1/.exec(tag);
    return rect ? rectToBox(rect[2]) : null;
  }
  return null;
}
