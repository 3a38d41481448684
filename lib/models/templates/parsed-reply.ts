// What a model's reply says, once read by its template's parser. Coordinates are already in
// the screenshot's own pixels (floats, not rounded: rounding is the consumer's choice).
// A reply that cannot be read one way only is wrong_format with what was expected and what was
// found; nothing is guessed, clamped or repaired. A point or box that reads fine but lies
// outside the image is kept as outside_image (x, y: the point, or the box's centre), because
// "answered off-screen" and "answered unreadably" are different failures to count.
// Pure types.
import type { ConventionId, ImageSize } from "@/lib/exports/conventions/coordinate-conventions";

export type PixelBox = [number, number, number, number];

export type ParsedReply =
  | { kind: "point"; x: number; y: number; raw: string }
  | { kind: "box"; box: PixelBox; raw: string }
  | { kind: "refusal"; raw: string }
  | { kind: "verdict"; success: boolean; rationale: string; raw: string }
  | { kind: "score"; score: number; reasons: string; rewrite: string | null; raw: string }
  | { kind: "key_points"; points: string[]; text: string; raw: string }
  | { kind: "relevance"; score: number; reasoning: string; raw: string }
  | { kind: "outside_image"; x: number; y: number; box: PixelBox | null; raw: string; problem: string }
  | { kind: "wrong_format"; problem: string; raw: string };

/**
 * The coordinate space a reply is read in: the model's convention and the screenshot it saw.
 * minPixels/maxPixels are the connection's image limits; for qwen25-abs the model saw the
 * screenshot smart-resized within them (defaults: qwen-vl-utils', 4*28*28..16384*28*28).
 */
export type ParseContext = { convention: ConventionId; image: ImageSize; minPixels?: number; maxPixels?: number };

export const wrongFormat = (problem: string, raw: string): ParsedReply => ({ kind: "wrong_format", problem, raw });
