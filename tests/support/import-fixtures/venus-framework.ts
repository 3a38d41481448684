// UI-Venus framework runs in the layout Venus_framework_mobile writes (app/run_handler.py and
// utils/pickle_utils.py @ 81945ac): a trace folder of `<%Y%m%d_%H%M%S>_<task>_<8 hex>/`
// episodes, each with `trajectory.pkl.gz` (the episode dict, pickle.HIGHEST_PROTOCOL, gzip)
// and `screenshots/step_NNN.png`. The pickles are written by this machine's python3 with the
// standard library only (`-I`), the screenshots by renderScreen. Both policies are covered:
// ui_venus (1.5: a prompt string as state, px = int(v * W / 1000)) and ui_venus_2 (a message
// list, px = int(v / 1000 * W)), with CLK, DoubleCLK, LongPress, INPUT, SWIPE (from Scroll,
// Swipe and Drag), REOPEN, WAIT, PressHome, get_screenshot, SUCCESS, CallUser, an action the
// policy could not name and a step where the policy returned nothing, and reflection verdicts: CORRECT, EXPLORATORY,
// rejections before an accepted action, rejections until the retries ran out, and a defaulted
// CORRECT (a supervisor reply that did not parse). `withBad` adds a pickle naming a class, a
// truncated pickle, a pickle bomb and an episode folder whose pickle was never written.
import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { renderScreen } from "./screens";

const found = spawnSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" });
const PYTHON = found.status === 0 ? found.stdout.trim() : null;

/** Why the Venus framework tests cannot run here, or null when they can. */
export const venusSkipReason: string | null = PYTHON === null ? "python3 is not on this machine, so no pickles can be written" : null;

export const VENUS_EPISODES = {
  v15: "20250101_120000_OpenSettin_1a2b3c4d",
  v2: "20250102_093000_搜索杭州天气_5e6f7a8b",
  failing: "20250103_180000_Turnonwifi_9c0d1e2f",
} as const;

export const VENUS_BAD = {
  foreignClass: "20250104_100000_Badclass_0000aaaa",
  truncated: "20250104_110000_Truncated_0000bbbb",
  bomb: "20250104_120000_Bomb_0000cccc",
  unfinished: "20250104_130000_Unfinished_0000dddd",
} as const;

const WRITER = String.raw`
import gzip, json, os, pickle, sys
root, with_bad = sys.argv[1], sys.argv[2] == "1"
manifest = []

def save(name, data, width, height, steps, payload=None):
    folder = os.path.join(root, name)
    os.makedirs(os.path.join(folder, "screenshots"), exist_ok=True)
    if payload is None:
        payload = gzip.compress(pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))
    with open(os.path.join(folder, "trajectory.pkl.gz"), "wb") as f:
        f.write(payload)
    manifest.append({"folder": name, "width": width, "height": height, "steps": steps})

def act(kind, pos=(), text="", app=None, duration=-1):
    a = {"action_type": kind, "action_pos": [list(p) for p in pos], "input": text, "duration": duration, "role": "SIPA", "timestamp": None, "extend": ""}
    if app is not None:
        a["app_name"] = app
    return a

def judged(verdict, reasoning):
    return {"verdict": verdict, "reasoning": reasoning, "think_action_match": True,
            "evidence": {"history_context": "h", "task_progress": "p", "think_action_analysis": "a"}, "reasoning_content": ""}

def entry(retry, verdict, proposal, raw, reasoning="looks right", judgment=None):
    return {"retry": retry, "verdict": verdict, "judgment": judgment if judgment is not None else judged(verdict, reasoning),
            "rejected_action": proposal, "pred_action": raw, "raw_response": raw, "think": "t", "conclusion": "c"}

def step(n, state, action, raw, think, reflection, pred=None, conclusion=""):
    return {"step": n, "screenshot_path": "step_%03d.png" % n, "state": state, "action": action,
            "pred_action": pred if pred is not None else raw, "think": think, "conclusion": conclusion,
            "raw_response": raw, "reflection_history": reflection, "success": action is not None,
            "timestamp": 1735732800.0 + n, "step_time": 3.25}

def episode(eid, goal, app, data, successful, reason):
    return {"goal": goal, "episode_id": eid, "device_id": "192.168.1.100:5555", "mini_app_name": app,
            "episode_data": data, "episode_length": len(data), "run_time": 42.5,
            "is_successful": successful, "ep_end": reason != "max_steps", "termination_reason": reason}

# UI-Venus-1.5 (ui_venus): one prompt string; px = int(v * W / 1000).
W, H = 540, 1200
px = lambda x, y: (int(x * W / 1000), int(y * H / 1000))
goal = "Open Settings and search wifi"
state = {"user_query": "**你是一个手机图形界面智能体代理**\n###用户任务\n" + goal}
def r15(call):
    return "<think>I should act</think><action>%s</action><conclusion>did %s</conclusion>" % (call, call)
def p15(call):
    return "<think>I should act</think><action>%s</action>" % call
clk = act("CLK", [px(500, 300)])
data = [
    step(1, state, clk, r15("Click(box=(500,300))"), "I should act",
         [entry(0, "INCORRECT", act("CLK", [px(100, 100)]), r15("Click(box=(100,100))"), "the wrong icon"),
          entry(1, "CORRECT", clk, r15("Click(box=(500,300))"))], pred=p15("Click(box=(500,300))"), conclusion="did click"),
    step(2, state, act("INPUT", text="wifi"), r15("Type(content='wifi')"), "type it",
         [entry(0, "EXPLORATORY", act("INPUT", text="wifi"), r15("Type(content='wifi')"), "might work")], pred=p15("Type(content='wifi')")),
    step(3, state, act("SWIPE", [px(500, 800), px(500, 200)]), r15("Scroll(start=(500,800), end=(500,200))"), "scroll", [],
         pred=p15("Scroll(start=(500,800), end=(500,200))")),
    step(4, state, act("SWIPE", [px(100, 500), px(900, 500)]), r15("Drag(start=(100,500), end=(900,500))"), "slide it", [],
         pred=p15("Drag(start=(100,500), end=(900,500))")),
    step(5, state, act("REOPEN", app="Settings"), r15("Launch(app='Settings')"), "open it",
         [entry(0, "CORRECT", act("REOPEN", app="Settings"), r15("Launch(app='Settings')"))], pred=p15("Launch(app='Settings')")),
    step(6, state, act("SUCCESS", text="done"), r15("Finished(content='done')"), "finished",
         [entry(0, "CORRECT", act("SUCCESS", text="done"), r15("Finished(content='done')"))], pred=p15("Finished(content='done')")),
]
save("${VENUS_EPISODES.v15}", episode("${VENUS_EPISODES.v15}", goal, "Settings", data, True, "success"), W, H, len(data))

# UI-Venus-2 (ui_venus_2): a message list; px = int(v / 1000 * W).
W, H = 720, 1280
px = lambda x, y: (int(x / 1000 * W), int(y / 1000 * H))
goal = "搜索杭州天气"
state = {"user_query": [{"role": "system", "content": "**You are a GUI Agent.**\n### User Task\n" + goal},
                        {"role": "user", "content": [{"type": "text", "text": "History Screenshot:"}, {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}}]},
                        {"role": "assistant", "content": "Step 1: clicked"}]}
def r2(call):
    return "<think>reasoning</think>\n<think>plan</think>\n<action>%s</action>" % call
lp = act("LongPress", [px(300, 400)])
data = [
    step(1, state, act("CLK", [px(250, 750)]), r2("Click(point=(250,750))"), "plan",
         [entry(0, "CORRECT", act("CLK", [px(250, 750)]), r2("Click(point=(250,750))"))], conclusion="Click(point=(250,750))"),
    step(2, state, act("SWIPE", [px(500, 900), px(500, 100)]), r2("Swipe(start=(500,900), end=(500,100))"), "plan",
         [entry(0, "INEFFECTIVE", act("BACK"), r2("PressBack()"), "goes nowhere"),
          entry(1, "CORRECT", act("SWIPE", [px(500, 900), px(500, 100)]), r2("Swipe(start=(500,900), end=(500,100))"))]),
    step(3, state, lp, r2("LongPress(point=(300,400))"), "plan",
         [entry(i, "INCORRECT", act("CLK", [px(10 * i, 10 * i)]), r2("Click(point=(%d,%d))" % (10 * i, 10 * i)), "not that") for i in range(3)]),
    step(4, state, act("WAIT", duration=1000), r2("Wait()"), "plan",
         [entry(0, "CORRECT", act("WAIT", duration=1000), r2("Wait()"), judgment={"verdict": "CORRECT", "reasoning": "", "reasoning_content": ""})]),
    step(5, state, act("CallUser", text="Which district?"), r2("CallUser(content='Which district?')"), "plan",
         [entry(0, "CORRECT", act("CallUser", text="Which district?"), r2("CallUser(content='Which district?')"))]),
]
save("${VENUS_EPISODES.v2}", episode("${VENUS_EPISODES.v2}", goal, "天气", data, False, "call_user"), W, H, len(data))

# ui_venus_2 again: the other buttons, an action the policy could not name, then no action at all.
goal = "Turn on wifi"
state = {"user_query": [{"role": "system", "content": "**You are a GUI Agent.**\n### User Task\n" + goal}]}
unnamed = act(None)
data = [
    step(1, state, act("DoubleCLK", [px(100, 100)]), r2("DoubleClick(point=(100,100))"), "plan", []),
    step(2, state, act("PressHome"), r2("PressHome()"), "plan", []),
    step(3, state, act("PressEnter"), r2("PressEnter()"), "plan", []),
    step(4, state, act("PressMenu"), r2("PressRecent()"), "plan", []),
    step(5, state, act("BACK"), r2("PressBack()"), "plan", []),
    step(6, state, act("get_screenshot"), r2("GetScreenshot()"), "plan", []),
    step(7, state, unnamed, r2("Fly(to='moon')"), "plan", []),
    step(8, state, act("SWIPE", [px(200, 600), px(800, 600)], duration=1000), r2("Drag(start=(200,600), end=(800,600))"), "plan", []),
    step(9, state, None, None, None, []),
]
data[6]["success"] = False
save("${VENUS_EPISODES.failing}", episode("${VENUS_EPISODES.failing}", goal, "Android App", data, False, "policy_failed"), W, H, len(data))

if with_bad:
    import fractions
    good = episode("x", "g", "a", [], False, "max_steps")
    save("${VENUS_BAD.foreignClass}", dict(good, episode_id="${VENUS_BAD.foreignClass}", run_time=fractions.Fraction(1, 3)), W, H, 0)
    whole = pickle.dumps(dict(good, episode_id="${VENUS_BAD.truncated}"), protocol=pickle.HIGHEST_PROTOCOL)
    save("${VENUS_BAD.truncated}", None, W, H, 0, payload=gzip.compress(whole[: len(whole) // 2]))
    laughs = ["ha"]
    for _ in range(9):
        laughs = [laughs] * 10
    save("${VENUS_BAD.bomb}", dict(good, episode_id="${VENUS_BAD.bomb}", episode_data=laughs), W, H, 0)
    os.makedirs(os.path.join(root, "${VENUS_BAD.unfinished}", "screenshots"), exist_ok=True)
    manifest.append({"folder": "${VENUS_BAD.unfinished}", "width": W, "height": H, "steps": 2, "noPickle": True})

print(json.dumps(manifest))
`;

type Written = { folder: string; width: number; height: number; steps: number };

/** Writes the trace folder at `root` (created); returns the episode folders written. */
export async function writeVenusFrameworkRun(root: string, options: { withBad?: boolean } = {}): Promise<Written[]> {
  if (PYTHON === null) throw new Error(venusSkipReason!);
  await mkdir(root, { recursive: true });
  const run = spawnSync(PYTHON, ["-I", "-c", WRITER, root, options.withBad ? "1" : "0"], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`python3 failed: ${run.stderr}`);
  const written = JSON.parse(run.stdout) as Written[];
  let seed = 0;
  for (const episode of written) {
    for (let n = 1; n <= episode.steps; n++) {
      seed += 1;
      await writeFile(path.join(root, episode.folder, "screenshots", `step_${String(n).padStart(3, "0")}.png`), await renderScreen(episode.width, episode.height, seed));
    }
  }
  return written;
}

// Only the helper's own good files are ever unpickled by Python (the bad ones are left alone).
const READER = String.raw`
import gzip, json, os, pickle, sys
root = sys.argv[1]
out = []
for name in sys.argv[2:]:
    with gzip.open(os.path.join(root, name, "trajectory.pkl.gz"), "rb") as f:
        out.append(pickle.load(f))
print(json.dumps(out))
`;

/** The good episodes as Python itself reads them (pickle.load on the files the helper wrote). */
export function readVenusEpisodesWithPython(root: string): Record<string, unknown>[] {
  if (PYTHON === null) throw new Error(venusSkipReason!);
  const run = spawnSync(PYTHON, ["-I", "-c", READER, root, ...Object.values(VENUS_EPISODES)], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`python3 failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Record<string, unknown>[];
}
