// The values a grounding template is filled with for one sample: the instruction, and for the
// Qwen2.5-VL computer-use tool the display size the model is told, which is the smart-resized
// size of the image it is sent (so its absolute pixels are on that image).
// Pure.
import { displaySize } from "@/lib/models/templates/qwen25-presets";
import type { PromptTemplate } from "@/lib/models/templates/prompt-template";
import { placeholdersOf } from "@/lib/models/templates/render-prompt";

export type PixelLimits = { minPixels?: number; maxPixels?: number };

/** The limits the model's image is resized within: the connection's, else the template's. */
export const effectiveLimits = (template: PromptTemplate, connection: { minPixels: number | null; maxPixels: number | null }): PixelLimits => ({
  minPixels: connection.minPixels ?? template.minPixels,
  maxPixels: connection.maxPixels ?? template.maxPixels,
});

export function groundingPromptValues(template: PromptTemplate, instruction: string, image: { width: number; height: number }, limits: PixelLimits): Record<string, string> {
  const used = new Set([template.system, template.user].filter((t): t is string => t !== undefined).flatMap((t) => placeholdersOf(t, template.id)));
  const values: Record<string, string> = {};
  if (used.has("instruction")) values.instruction = instruction;
  if (used.has("display_width_px") || used.has("display_height_px")) Object.assign(values, displaySize(image, limits));
  return values;
}
