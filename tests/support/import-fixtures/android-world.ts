// An AndroidWorld run directory as its IncrementalCheckpointer leaves it
// (google-research/android_world @ d9c569f764b3a5629321858de03ff653d0f24056): one
// `<TaskTemplate>_<instance>.pkl.gz` per task instance (suite_utils.py L376-403), each the
// gzip'd pickle of a one-element list of episode dicts (checkpointer.py L53-72, L118-128) with
// the keys of suite_utils.py L271-287 (L548-558 for an episode that raised), `agent_name` and
// `instance_id` added after (L401-402), and `episode_data` as the dict of per-step lists that
// episode_runner.py L108-124 transposes. The steps carry what each agent records:
//   - M3A (agents/m3a.py L369-382): raw_screenshot, before_screenshot_with_som,
//     before_ui_elements, after_screenshot_with_som, action_output, action_output_json (a
//     JSONAction), action_reason, summary, and the GPT-4 client's `requests` Response as
//     action_raw_response (agents/infer.py L317-327);
//   - T3A (agents/t3a.py L302-313): before_screenshot, before_element_list, action_output
//     text only (no JSONAction is kept);
//   - SeeAct (agents/seeact.py L141-152): screenshot, ui_elements, actionable_elements
//     (SeeActElement), seeact_action (SeeActAction), action (a JSONAction).
// Written by python3 -I with the standard library alone: the classes are stand-ins registered
// under the real module names (pickle writes only the names), numpy arrays are written with
// the opcodes numpy's own reduce emits (tests/unit/imports/pickle/python-pickles.ts), and the
// pickle is `pickle.dump(data)` at Python's default protocol, as the checkpointer calls it.
// Nothing is copied from the repository; the content is synthetic.
import { spawnSync } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { FAKE_NUMPY, hasPython, pythonExecutable } from "../../unit/imports/pickle/python-pickles";

export { hasPython };

/** Screenshot size of every step (H x W x 3 uint8 arrays). */
export const ANDROID_WORLD_SCREEN = { width: 108, height: 240 };

// Stand-ins for the classes the episodes hold, under the modules pickle will name.
export const ANDROID_WORLD_CLASSES = String.raw`
import dataclasses, datetime
from typing import Any, Optional

def _place(cls, module):
    parts = module.split(".")
    for i in range(1, len(parts) + 1):
        name = ".".join(parts[:i])
        if name not in sys.modules:
            sys.modules[name] = types.ModuleType(name)
    cls.__module__ = module
    setattr(sys.modules[module], cls.__name__, cls)
    return cls

@dataclasses.dataclass
class BoundingBox:
    x_min: Any
    x_max: Any
    y_min: Any
    y_max: Any

@dataclasses.dataclass
class UIElement:
    text: Optional[str] = None
    content_description: Optional[str] = None
    class_name: Optional[str] = None
    bbox: Any = None
    bbox_pixels: Any = None
    is_clickable: Optional[bool] = None
    package_name: Optional[str] = None
    resource_name: Optional[str] = None

@dataclasses.dataclass()
class JSONAction:
    action_type: Optional[str] = None
    index: Any = None
    x: Optional[int] = None
    y: Optional[int] = None
    text: Optional[str] = None
    direction: Optional[str] = None
    goal_status: Optional[str] = None
    app_name: Optional[str] = None
    keycode: Optional[str] = None
    clear_text: Optional[bool] = None

@dataclasses.dataclass(frozen=True)
class SeeActAction:
    action: str
    element: Optional[str] = None
    value: Optional[str] = None

@dataclasses.dataclass
class SeeActElement:
    description: str
    ui_element: Any = None
    index: int = -1
    abc_index: str = ""

class Response:
    __attrs__ = ["_content", "status_code", "headers", "url", "history", "encoding", "reason", "cookies", "elapsed", "request"]
    def __getstate__(self):
        return {attr: getattr(self, attr, None) for attr in self.__attrs__}

class CaseInsensitiveDict:
    pass

for cls, module in [(BoundingBox, "android_world.env.representation_utils"), (UIElement, "android_world.env.representation_utils"),
                    (JSONAction, "android_world.env.json_action"), (SeeActAction, "android_world.agents.seeact_utils"),
                    (SeeActElement, "android_world.agents.seeact_utils"), (Response, "requests.models"),
                    (CaseInsensitiveDict, "requests.structures")]:
    _place(cls, module)
`;

const WRITER = String.raw`
import gzip, io, json, math, os, pickle, sys, types
${FAKE_NUMPY}
${ANDROID_WORLD_CLASSES}

root, broken = sys.argv[1], sys.argv[2] == "1"
W, H = ${ANDROID_WORLD_SCREEN.width}, ${ANDROID_WORLD_SCREEN.height}
shade = [0]

def screen():
    shade[0] += 1
    s = shade[0]
    return FakeArray((H, W, 3), "uint8", bytes(((x * 7 + s * 31) % 256) for x in range(H * W * 3)))

def element(text, x1, y1, x2, y2):
    return UIElement(text=text, class_name="android.widget.Button", bbox=BoundingBox(x1 / W, x2 / W, y1 / H, y2 / H),
                     bbox_pixels=BoundingBox(x1, x2, y1, y2), is_clickable=True, package_name="com.android.contacts")

def response(text):
    r = Response()
    r._content = json.dumps({"choices": [{"message": {"content": text}}]}).encode()
    r.status_code, r.url, r.history, r.encoding, r.reason = 200, "https://api.openai.com/v1/chat/completions", [], "utf-8", "OK"
    r.headers = CaseInsensitiveDict()
    r.headers._store = {"content-type": ("Content-Type", "application/json")}
    r.elapsed = datetime.timedelta(seconds=2, microseconds=500000)
    return r

def episode(template, goal, steps, score, agent, instance=0):
    data = {}
    for i, step in enumerate(steps):
        for key, value in (step | {"step_number": i}).items():
            data.setdefault(key, []).append(value)
    return {"goal": goal, "task_template": template, "episode_data": data, "is_successful": score,
            "run_time": 41.5, "finish_dtime": datetime.datetime(2026, 3, 1, 12, 30, 5, 250000), "episode_length": len(steps),
            "aux_data": None, "screen_config": {"width": 1080, "height": 2400, "orientation": "portrait", "config_name": "default"},
            "exception_info": None, "seed": 30 + instance, "agent_name": agent, "instance_id": instance}

def m3a_step(elements, action_json, reason, summary):
    text = "Reason: " + reason + "\nAction: " + json.dumps(action_json)
    return {"raw_screenshot": screen(), "before_screenshot_with_som": screen(), "before_ui_elements": elements,
            "after_screenshot_with_som": screen(), "action_prompt": "prompt", "action_output": text,
            "action_output_json": JSONAction(**action_json), "action_reason": reason, "action_raw_response": response(text),
            "summary_prompt": "summary prompt", "summary": summary, "summary_raw_response": response(summary)}

def t3a_step(elements, action_text, summary):
    return {"before_screenshot": screen(), "after_screenshot": screen(), "before_element_list": elements,
            "after_element_list": elements, "action_prompt": "prompt", "action_output": action_text,
            "action_raw_response": None, "summary_prompt": None, "summary": summary, "summary_raw_response": None}

contacts = [element("Search", 4, 10, 60, 30), element("Create contact", 70, 200, 104, 232), element("Name", 8, 60, 100, 80)]
m3a = episode("ContactsAddContact", "Create a new contact for Ada Lovelace. Their number is +1 555 0100.", [
    m3a_step(contacts, {"action_type": "click", "index": 1}, "The create button adds a contact.", "Opened the new contact form."),
    m3a_step(contacts, {"action_type": "input_text", "text": "Ada Lovelace", "index": 2}, "Type the name.", "Typed the name."),
    m3a_step(contacts, {"action_type": "long_press", "x": 30, "y": 70}, "Select the text.", "Selected."),
    m3a_step(contacts, {"action_type": "scroll", "direction": "down"}, "See more fields.", "Scrolled."),
    m3a_step(contacts, {"action_type": "open_app", "app_name": "Contacts"}, "Back to the app.", "Opened Contacts."),
    m3a_step(contacts, {"action_type": "wait"}, "x", "x") | {"action_output": 'Reason: Go.\nAction: {"action_type": "teleport"}', "action_output_json": None,
        "action_reason": None, "summary": "Can not parse the output to a valid action. Please make sure to pick the action from the list with required parameters (if any) in the correct JSON format!"},
    m3a_step(contacts, {"action_type": "status", "goal_status": "complete"}, "The contact is saved.", "Agent thinks the request has been completed."),
], 1.0, "m3a_gpt4v")

wifi = [element("Wi-Fi", 0, 40, 108, 70)]
t3a = episode("SystemWifiTurnOn", "Turn wifi on.", [
    t3a_step(wifi, 'Reason: Open the panel.\nAction: {"action_type": "swipe", "direction": "down"}', "Swiped."),
    t3a_step(wifi, "Reason: Press it.\nAction: {'action_type': 'click', 'index': 0}", "Clicked Wi-Fi."),
    t3a_step(wifi, "I am not sure what to do next.", "Output for action selection is not in the correct format, so no action is performed."),
    t3a_step(wifi, 'Reason: Leave.\nAction: {"action_type": "navigate_back"}', "Went back."),
    t3a_step(wifi, 'Reason: Home.\nAction: {"action_type": "navigate_home"}', "Home."),
    t3a_step(wifi, 'Reason: It cannot be done.\nAction: {"action_type": "status", "goal_status": "infeasible"}', "Agent thinks the request has been completed."),
], 0.0, "t3a_gpt4", instance=0)

expense_elements = [element("Expenses", 0, 0, 50, 20), element("Delete", 60, 100, 100, 140)]
actionable = [SeeActElement(description="Delete button", ui_element=expense_elements[1], index=0, abc_index="A")]
def seeact_step(action, seeact_action):
    return {"ui_elements": expense_elements, "screenshot": screen(), "actionable_elements": actionable,
            "action_gen_payload": None, "action_gen_response": "I will tap Delete.", "action_ground_payload": None,
            "action_ground_response": "ELEMENT: A\nACTION: CLICK\nVALUE: None", "seeact_action": seeact_action,
            "action": action, "action_description": "tap Delete"}
seeact = episode("ExpenseDeleteMultiple", "Delete the expenses named Coffee and Taxi.", [
    seeact_step(JSONAction(action_type="click", index=0), SeeActAction(action="CLICK", element="A")),
    seeact_step(JSONAction(action_type="keyboard_enter"), SeeActAction(action="KEYBOARD ENTER")),
    seeact_step(JSONAction(action_type="answer", text="Deleted 2 expenses"), SeeActAction(action="ANSWER", value="Deleted 2 expenses")),
    seeact_step(JSONAction(action_type="status", goal_status="task_complete"), SeeActAction(action="TERMINATE")),
], 0.5, "seeact", instance=2)

failed = {"goal": "Add an event to the calendar.", "task_template": "SimpleCalendarAddOneEvent", "episode_data": math.nan,
          "is_successful": math.nan, "finish_dtime": datetime.datetime(2026, 3, 1, 13, 0, 0), "run_time": 3.25,
          "episode_length": math.nan, "exception_info": "Traceback (most recent call last):\n  RuntimeError: Error calling LLM in action selection phase.\n",
          "aux_data": None, "agent_name": "m3a_gpt4v", "instance_id": 1}

def save(name, episodes):
    with open(os.path.join(root, name + ".pkl.gz"), "wb") as f:
        buffer = io.BytesIO()
        with gzip.GzipFile(fileobj=buffer, mode="wb", compresslevel=5) as out:
            out.write(pickle.dumps(episodes))
        f.write(buffer.getvalue())

save("ContactsAddContact_0", [m3a])
save("SystemWifiTurnOn_0", [t3a])
save("ExpenseDeleteMultiple_2", [seeact])
save("SimpleCalendarAddOneEvent_1", [failed])
if broken:
    whole = gzip.compress(pickle.dumps([episode("BrowseTruncated", "Truncated.", [t3a_step(wifi, 'Reason: x\nAction: {"action_type": "wait"}', "Waited.")], 1.0, "t3a_gpt4")]))
    with open(os.path.join(root, "BrowseTruncated_0.pkl.gz"), "wb") as f:
        f.write(whole[: len(whole) // 2])
    class State:
        pass
    _place(State, "android_world.env.interface")
    odd = episode("MarkorOdd", "Odd.", [t3a_step(wifi, 'Reason: x\nAction: {"action_type": "wait"}', "Waited.") | {"state": State()}], 1.0, "t3a_gpt4")
    save("MarkorOdd_0", [odd])
`;

/** Writes the run into a fresh temp directory; `broken` adds a truncated file and one holding an unexpected class. */
export async function writeAndroidWorldRun(options: { broken?: boolean } = {}): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "verity-androidworld-"));
  runPython(WRITER, [root, options.broken ? "1" : "0"]);
  return root;
}

// The test's independent reading: Python unpickles the same files (with stand-ins that only
// record what they are given) and applies AndroidWorld's own rules (actuation.py L42-56: an
// element index acts at int() of its bbox_pixels centre).
const READER = String.raw`
import gzip, json, math, os, pickle, sys, types, ast, re
${ANDROID_WORLD_CLASSES}

class Array:
    def __setstate__(self, state):
        self.shape = list(state[1])
def _reconstruct(*args):
    return Array()
class dtype:
    def __init__(self, *args): pass
    def __setstate__(self, state): pass
for name, attrs in [("numpy", {"ndarray": object, "dtype": dtype}), ("numpy._core", {}), ("numpy._core.multiarray", {"_reconstruct": _reconstruct})]:
    module = types.ModuleType(name); module.__dict__.update(attrs); sys.modules[name] = module

def action_of(step):
    action = step.get("action_output_json") or step.get("action")
    if action is not None:
        return dict(vars(action))
    if "action_output_json" in step:
        return None
    match = re.search(r"Action:(.*)", step.get("action_output") or "", re.DOTALL)
    found = re.search(r"\{.*?\}", match.group(1)) if match else None
    return ast.literal_eval(found.group()) if found else None

def elements_of(step):
    if step.get("actionable_elements") is not None:
        return [e.ui_element for e in step["actionable_elements"]]
    return step.get("before_ui_elements") or step.get("before_element_list") or []

out = []
for name in sorted(os.listdir(sys.argv[1])):
    try:
        with gzip.open(os.path.join(sys.argv[1], name)) as f:
            episodes = pickle.load(f)
    except Exception as error:
        out.append({"file": name, "error": type(error).__name__})
        continue
    for episode in episodes:
        data = episode["episode_data"]
        steps = []
        if isinstance(data, dict):
            for i in range(len(data["step_number"])):
                step = {key: values[i] for key, values in data.items()}
                action = action_of(step)
                point = None
                if action and action.get("index") is not None and action["action_type"] in ("click", "long_press", "double_tap"):
                    box = elements_of(step)[int(action["index"])].bbox_pixels
                    point = [int((box.x_min + box.x_max) / 2), int((box.y_min + box.y_max) / 2)]
                elif action and action.get("x") is not None:
                    point = [action["x"], action["y"]]
                shot = step.get("raw_screenshot") or step.get("before_screenshot") or step.get("screenshot")
                steps.append({"action_type": action["action_type"] if action else None, "goal_status": action.get("goal_status") if action else None, "point": point, "screenshot": shot.shape if shot else None})
        score = episode["is_successful"]
        out.append({"file": name, "goal": episode["goal"], "task_template": episode["task_template"],
                    "is_successful": None if isinstance(score, float) and math.isnan(score) else score, "steps": steps})
print(json.dumps(out))
`;

export type IndependentEpisode =
  | { file: string; error: string }
  | { file: string; goal: string; task_template: string; is_successful: number | null; steps: { action_type: string | null; goal_status: string | null; point: [number, number] | null; screenshot: number[] | null }[] };

export function readAndroidWorldRunWithPython(root: string): IndependentEpisode[] {
  return JSON.parse(runPython(READER, [root])) as IndependentEpisode[];
}

function runPython(script: string, args: string[]): string {
  const python = pythonExecutable();
  const run = spawnSync(python, ["-I", "-c", script, ...args], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`python3 failed: ${run.stderr}`);
  return run.stdout;
}
