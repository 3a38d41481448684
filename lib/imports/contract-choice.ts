// A coordinate contract as a person names it: "format:unit" (xyxy:px, xywh:0-1000, ...), the
// CLI's --contract, a Verity JSONL line's `coords`, and the import preview's two selects.
// Parsed by one function, so all three accept and refuse the same things.
import { z } from "zod";

export const BOX_FORMATS = ["xyxy", "xywh"] as const;
export const UNITS = ["px", "0-1", "0-100", "0-999", "0-1000"] as const;

export const ContractChoiceSchema = z.object({ format: z.enum(BOX_FORMATS), unit: z.enum(UNITS) });
export type ContractChoice = z.infer<typeof ContractChoiceSchema>;

export const CONTRACT_CHOICES = BOX_FORMATS.flatMap((f) => UNITS.map((u) => `${f}:${u}` as const));

/** "xywh:0-1000" -> { format: "xywh", unit: "0-1000" }; null when it is not one of CONTRACT_CHOICES. */
export function parseContractChoice(text: string): ContractChoice | null {
  const [format, unit, ...rest] = text.trim().split(":");
  if (rest.length) return null;
  const parsed = ContractChoiceSchema.safeParse({ format, unit });
  return parsed.success ? parsed.data : null;
}
