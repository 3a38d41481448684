// What the OSWorld action mappers share. The mouse pointer is tracked across the calls of one
// step and across the steps of a trajectory, because pyautogui acts "at the current position"
// (`click()` after `moveTo`, `dragTo` from wherever the pointer is): a position that no
// earlier call of the trajectory set is unknown, and an action that needs it is reported.
// Coordinates are screen pixels, which are the screenshot's own (OSWorld saves the screen as
// it is), so nothing is converted.
import { ActionSchema, type Action, type PointObject } from "@/lib/domain/actions";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";

export type Pointer = PointObject | null;

export type MappedStep =
  | { ok: true; actions: Action[]; notes: string[]; pointer: Pointer }
  | { ok: false; reason: string; pointer: Pointer };

export class NotMapped extends Error {}

/** OSWorld's three special actions, the same in both action spaces (desktop_env.py step()). */
export function specialAction(value: unknown): Action | null {
  if (value === "WAIT") return { type: "wait" };
  // FAIL is the agent's claim that the task cannot be done, which is the right answer on
  // OSWorld's infeasible tasks: it is not a claim of success.
  if (value === "FAIL") return { type: "finish", isInfeasible: true };
  if (value === "DONE") return { type: "finish" };
  return null;
}

export function validated(built: unknown[]): Action[] {
  return built.map((candidate) => {
    const parsed = ActionSchema.safeParse(candidate);
    if (!parsed.success) throw new NotMapped(describeZodError(parsed.error));
    return parsed.data;
  });
}

const ENTER_KEYS = new Set(["enter", "return", "\n", "\r"]);

// pyautogui presses these characters as the keys named here; written as themselves they
// would be blank key names (UI-TARS' adapter writes a hotkey of `space` as `hotkey(' ')`).
const WHITESPACE_KEYS: Record<string, string> = { " ": "space", "\t": "tab" };
const keyName = (key: string) => WHITESPACE_KEYS[key] ?? key;

/** One key press: Enter is the canonical `enter`, any other key a one-key hotkey. */
export function keyPress(key: string): unknown {
  return ENTER_KEYS.has(key.toLowerCase()) ? { type: "enter" } : { type: "hotkey", keys: [keyName(key)] };
}

/** A chord: a lone Enter is `enter`, so the same key press reads the same however it was sent. */
export function chord(keys: string[]): unknown {
  return keys.length === 1 ? keyPress(keys[0]!) : { type: "hotkey", keys: keys.map(keyName) };
}

export const samePoint = (a: PointObject, b: PointObject) => a.x === b.x && a.y === b.y;

/** Wheel notches: pyautogui's vertical scroll is positive upwards, the horizontal one to the right. */
export function wheel(clicks: number, axis: "vertical" | "horizontal", from: Pointer): unknown {
  const direction = axis === "vertical" ? (clicks > 0 ? "up" : "down") : clicks > 0 ? "right" : "left";
  return { type: "scroll", direction, amount: Math.abs(clicks), ...(from ? { from } : {}) };
}
