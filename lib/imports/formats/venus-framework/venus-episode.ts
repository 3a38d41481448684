// The shape of one UI-Venus framework episode (`trajectory.pkl.gz`) once the pickle is read
// into plain values: the dict `RunHandler.run` builds (run_handler.py:286-297 at 81945ac) with
// one `step_data` dict per step (run_handler.py:258-271). Fields the writer did not set on a
// failed step are None in the pickle (a policy that returned nothing gives action None and
// None texts, run_handler.py:165,231-234), so every text here may be null. Unknown fields are
// kept (passthrough) and end up in `extra`: a later framework version adding one loses nothing.
import { z } from "zod";
import { PickleNdarray, isPickleObject, type PickleValue } from "@/lib/imports/pickle/pickle-values";

const Text = z.string().nullable().optional();

export const VenusActionSchema = z
  .object({
    action_type: z.string().nullable().optional(),
    // Device pixels of the step's own screenshot: the policies convert the model's grid with
    // that screenshot's size (ui_venus_policy.py:225-229, ui_venus_2_policy.py:66-76).
    action_pos: z.array(z.array(z.number())).nullable().optional(),
    input: Text,
    app_name: Text,
    duration: z.number().nullable().optional(),
  })
  .passthrough();
export type VenusAction = z.infer<typeof VenusActionSchema>;

// run_handler.py:179-188: one entry per judgement of the reflection supervisor on this step.
export const ReflectionEntrySchema = z
  .object({
    retry: z.number().int().nullable().optional(),
    verdict: z.string(),
    judgment: z.record(z.string(), z.unknown()).nullable().optional(),
    rejected_action: VenusActionSchema.nullable().optional(),
    pred_action: Text,
    raw_response: Text,
    think: Text,
    conclusion: Text,
  })
  .passthrough();
export type ReflectionEntry = z.infer<typeof ReflectionEntrySchema>;

export const VenusStepSchema = z
  .object({
    step: z.number().int(),
    screenshot_path: z.string().min(1),
    state: z.record(z.string(), z.unknown()).nullable().optional(),
    action: VenusActionSchema.nullable(),
    pred_action: Text,
    think: Text,
    conclusion: Text,
    raw_response: Text,
    reflection_history: z.array(ReflectionEntrySchema).nullable().optional(),
    success: z.boolean().nullable().optional(),
    timestamp: z.number().nullable().optional(),
    step_time: z.number().nullable().optional(),
  })
  .passthrough();
export type VenusStep = z.infer<typeof VenusStepSchema>;

export const VenusEpisodeSchema = z
  .object({
    goal: z.string(),
    episode_id: z.string().min(1),
    device_id: Text,
    mini_app_name: Text,
    episode_data: z.array(VenusStepSchema),
    episode_length: z.number().int().nullable().optional(),
    run_time: z.number().nullable().optional(),
    is_successful: z.boolean(),
    ep_end: z.boolean().nullable().optional(),
    termination_reason: z.string(),
  })
  .passthrough();
export type VenusEpisode = z.infer<typeof VenusEpisodeSchema>;

/** A pickle value as JSON can hold it: objects with a prototype (zod and Prisma expect them),
 * big ints as text, bytes and arrays by their size (a trajectory holds neither; if one does, it
 * is named rather than stored). */
export function toPlain(value: PickleValue): unknown {
  if (value === null || typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (typeof value === "bigint") return value.toString();
  if (value instanceof PickleNdarray) return { ndarray: { shape: value.shape, dtype: value.dtype } };
  if (value instanceof Uint8Array) return { bytes: value.length };
  if (Array.isArray(value)) return value.map(toPlain);
  if (value instanceof Map) return [...value.entries()].map(([k, v]) => [toPlain(k), toPlain(v)]);
  if (isPickleObject(value as PickleValue)) {
    const out: Record<string, unknown> = {};
    // defineProperty: a key "__proto__" stays an ordinary key instead of setting the prototype.
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: toPlain(v as PickleValue), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return null;
}
