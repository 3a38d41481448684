// One turn of a UI-Venus-2 run (inclusionAI/UI-Venus @ 81945ac, models/mobile/
// mobile_example.py): the runner parses the model's call (`Click(point=(897, 937))`, L135-148)
// and normalises it (L164-194) into `parsed_action`: `action_type` from ACTION_NAME_MAP
// (L85-102), `action_pos` the points in device pixels (L173-182, through to_pixel L151-161),
// `input` the text, `app_name`, `duration` in ms. That dict is the one every UI-Venus runner
// writes, and it maps onto canonical actions through the family's one mapping
// (lib/imports/formats/venus-framework/venus-action-space.ts, which says why a Swipe is a
// scroll and a Drag a drag); this file reads the turn's schema and says when the model's call
// and `action_type` disagree (`action_type` decides, since it is what the runner would
// execute). Pixels come from `action_pos` only; the model's grid point is kept (readModelCall)
// for the import to check which grid the file used, never converted here.
import { z } from "zod";
import type { CoordinateContract } from "@/lib/domain/coordinates";
import { mapVenusActionDict, type MappedVenusAction, type ModelCall } from "@/lib/imports/formats/venus-framework/venus-action-space";

/** `action_pos` is in device pixels, which are the screenshot's pixels (get_image_size, L110-114). */
export const VENUS2_PIXELS: CoordinateContract = { format: "xyxy", unit: "px" };

const PixelPoint = z.tuple([z.number(), z.number()]);

export const ParsedActionSchema = z.looseObject({
  action_type: z.string().nullish().transform((type) => type ?? null),
  action_pos: z.array(PixelPoint).nullish().transform((points) => points ?? []),
  input: z.string().nullish(),
  duration: z.number().nullish(),
  app_name: z.string().nullish(),
});
export type ParsedAction = z.infer<typeof ParsedActionSchema>;

/** ACTION_NAME_MAP (L85-102): what the runner names each of the model's calls. */
const ACTION_TYPE_OF: Record<string, string> = {
  Click: "CLK",
  DoubleClick: "DoubleCLK",
  LongPress: "LongPress",
  Swipe: "SWIPE",
  Drag: "SWIPE",
  Type: "INPUT",
  LaunchApp: "REOPEN",
  Wait: "WAIT",
  CallUser: "CallUser",
  GetScreenshot: "get_screenshot",
  PressBack: "BACK",
  PressHome: "PressHome",
  PressEnter: "PressEnter",
  PressRecent: "PressMenu",
  Answer: "CallUser",
  Finished: "SUCCESS",
};

export function mapVenus2Action(parsed: ParsedAction, call: ModelCall | null): MappedVenusAction {
  const expected = call ? ACTION_TYPE_OF[call.name] : undefined;
  const mapped = mapVenusActionDict(parsed, call);
  if (expected === undefined || parsed.action_type === null || expected === parsed.action_type) return mapped;
  return { ...mapped, notes: [`the model called ${call!.name}, parsed_action says ${parsed.action_type}; parsed_action is used`, ...mapped.notes] };
}
