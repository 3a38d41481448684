// The UI-Venus framework's executed action (`step_data.action`) onto Verity's canonical
// actions. Both policies turn the model's call into the same dict (`action_type`, `action_pos`
// in device pixels, `input`, `app_name`, `duration`): ui_venus_policy.py:189-207 (1.5's names,
// Scroll and Drag both become SWIPE) and ui_venus_2_policy.py:18-35 (2's names); the executor
// reads it in run_handler.py:403-455 (_execute_action). Since the pixels are the framework's
// own, measured on the very screenshot saved for the step, no coordinate contract applies:
// the model's grid values stay in the raw output only.
//
//   action_type   canonical           from
//   CLK           click(x,y)          Click(box|point)
//   DoubleCLK     double_click(x,y)   DoubleClick (2 only)
//   LongPress     long_press(x,y)     LongPress
//   SWIPE         drag(from->to)      Scroll / Drag (1.5), Swipe / Drag (2); the SPEC's swipe
//   INPUT         type(text)          Type(content)
//   REOPEN        open_app(name)      Launch / LaunchApp(app)
//   BACK          back                PressBack
//   PressHome     home                PressHome
//   PressEnter    enter               PressEnter
//   PressMenu     recent              PressRecent
//   WAIT          wait(seconds)       Wait (duration 1000 ms)
//   SUCCESS       finish(answer)      Finished(content): the agent's claim of success
//   CallUser      call_user(text)     CallUser / Answer(content)
//   get_screenshot  (none)            GetScreenshot: saves a screenshot to the album; kept raw
//   None / other  (none, invalid)     a call the policy could not name (run_handler fails it)
import type { Action } from "@/lib/domain/actions";
import type { VenusAction } from "@/lib/imports/formats/venus-framework/venus-episode";

export type MappedVenusAction = {
  action: Action | null;
  /** Why the action is null, for the import report. */
  note: string | null;
  /** The step acted outside the action space (the executor refuses it): a reward input. */
  isInvalid: boolean;
};

type Point = { x: number; y: number };

function pointAt(action: VenusAction, index: number): Point | null {
  const pos = action.action_pos?.[index];
  return pos && pos.length === 2 ? { x: pos[0]!, y: pos[1]! } : null;
}

const mapped = (action: Action): MappedVenusAction => ({ action, note: null, isInvalid: false });
const invalid = (note: string): MappedVenusAction => ({ action: null, note, isInvalid: true });

function pointAction(type: "click" | "double_click" | "long_press", action: VenusAction): MappedVenusAction {
  const at = pointAt(action, 0);
  return at ? mapped({ type, ...at }) : invalid(`${action.action_type} without a coordinate in action_pos`);
}

export function mapVenusAction(action: VenusAction | null): MappedVenusAction {
  if (action === null) return invalid("the policy returned no action (its model call or parse failed)");
  const type = action.action_type ?? null;
  const text = action.input ?? "";
  switch (type) {
    case "CLK":
      return pointAction("click", action);
    case "DoubleCLK":
      return pointAction("double_click", action);
    case "LongPress":
      return pointAction("long_press", action);
    case "SWIPE": {
      const from = pointAt(action, 0);
      const to = pointAt(action, 1);
      // ui_venus_2 leaves action_pos empty for a Swipe() without start/end (ui_venus_2_policy.py:168-172).
      return from && to ? mapped({ type: "drag", from, to }) : invalid("SWIPE without a start and an end in action_pos");
    }
    case "INPUT":
      return mapped({ type: "type", text });
    case "REOPEN": {
      const name = action.app_name?.trim();
      return name ? mapped({ type: "open_app", name }) : invalid("REOPEN without an app_name");
    }
    case "BACK":
      return mapped({ type: "back" });
    case "PressHome":
      return mapped({ type: "home" });
    case "PressEnter":
      return mapped({ type: "enter" });
    case "PressMenu":
      return mapped({ type: "recent" });
    case "WAIT": {
      const ms = action.duration ?? -1;
      return mapped(ms > 0 ? { type: "wait", seconds: ms / 1000 } : { type: "wait" });
    }
    case "SUCCESS":
      return mapped(text ? { type: "finish", answer: text } : { type: "finish" });
    case "CallUser":
      return mapped({ type: "call_user", text });
    case "get_screenshot":
      return { action: null, note: "GetScreenshot (save the screen to the album) has no canonical action; the raw action is kept", isInvalid: false };
    case null:
      return invalid("action_type is None: the model's output named no action the policy knows");
    default:
      return invalid(`unknown action_type "${type}"`);
  }
}
