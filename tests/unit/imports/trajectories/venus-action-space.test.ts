// The UI-Venus family's two importers (Venus_framework episodes, UI-Venus-2 run output) read
// the same runner dict, so every action_type, with the model call it came from, maps to the
// same canonical action, invalid flag and note in both: each importer's own entry point is
// driven (the framework's step mapper, UI-Venus-2's turn mapper) and compared with the other
// and with the expected action. A SWIPE is a scroll unless the model called Drag.
import { describe, expect, it } from "vitest";
import type { Action } from "@/lib/domain/actions";
import { VenusStepSchema } from "@/lib/imports/formats/venus-framework/venus-episode";
import { venusStep } from "@/lib/imports/formats/venus-framework/venus-steps";
import { mapVenus2Action, ParsedActionSchema } from "@/lib/imports/formats/trajectories/ui-venus2-actions";
import { readModelCall } from "@/lib/imports/formats/venus-framework/venus-action-space";

type Dict = { action_type: string | null; action_pos?: number[][]; input?: string; app_name?: string; duration?: number };
type Case = { what: string; call: string | null; dict: Dict; action: Action | null; isInvalid?: boolean };

const CASES: Case[] = [
  { what: "CLK", call: "Click(point=(500,300))", dict: { action_type: "CLK", action_pos: [[360, 384]] }, action: { type: "click", x: 360, y: 384 } },
  { what: "CLK (1.5's box)", call: "Click(box=(500,300))", dict: { action_type: "CLK", action_pos: [[360, 384]] }, action: { type: "click", x: 360, y: 384 } },
  { what: "CLK without its point", call: "Click()", dict: { action_type: "CLK", action_pos: [] }, action: null, isInvalid: true },
  { what: "DoubleCLK", call: "DoubleClick(point=(1,2))", dict: { action_type: "DoubleCLK", action_pos: [[7, 8]] }, action: { type: "double_click", x: 7, y: 8 } },
  { what: "LongPress", call: "LongPress(point=(1,2))", dict: { action_type: "LongPress", action_pos: [[7, 8]] }, action: { type: "long_press", x: 7, y: 8 } },
  { what: "SWIPE from Swipe", call: "Swipe(start=(500,900), end=(500,100))", dict: { action_type: "SWIPE", action_pos: [[360, 1152], [360, 128]] }, action: { type: "scroll", from: { x: 360, y: 1152 }, to: { x: 360, y: 128 } } },
  { what: "SWIPE from 1.5's Scroll", call: "Scroll(start=(500,900), end=(500,100))", dict: { action_type: "SWIPE", action_pos: [[360, 1152], [360, 128]] }, action: { type: "scroll", from: { x: 360, y: 1152 }, to: { x: 360, y: 128 } } },
  { what: "SWIPE from Drag", call: "Drag(start=(100,500), end=(900,500))", dict: { action_type: "SWIPE", action_pos: [[72, 640], [648, 640]], duration: 1000 }, action: { type: "drag", from: { x: 72, y: 640 }, to: { x: 648, y: 640 } } },
  { what: "SWIPE from 1.5's Drag (no duration)", call: "Drag(start=(100,500), end=(900,500))", dict: { action_type: "SWIPE", action_pos: [[72, 640], [648, 640]], duration: -1 }, action: { type: "drag", from: { x: 72, y: 640 }, to: { x: 648, y: 640 } } },
  { what: "SWIPE without a readable call, Drag's duration", call: null, dict: { action_type: "SWIPE", action_pos: [[1, 2], [3, 4]], duration: 1000 }, action: { type: "drag", from: { x: 1, y: 2 }, to: { x: 3, y: 4 } } },
  { what: "SWIPE without a readable call", call: null, dict: { action_type: "SWIPE", action_pos: [[1, 2], [3, 4]], duration: -1 }, action: { type: "scroll", from: { x: 1, y: 2 }, to: { x: 3, y: 4 } } },
  { what: "SWIPE without its points", call: "Swipe()", dict: { action_type: "SWIPE", action_pos: [] }, action: null, isInvalid: true },
  { what: "INPUT", call: "Type(content='wifi')", dict: { action_type: "INPUT", input: "wifi" }, action: { type: "type", text: "wifi" } },
  { what: "REOPEN", call: "LaunchApp(app='Settings')", dict: { action_type: "REOPEN", app_name: "Settings" }, action: { type: "open_app", name: "Settings" } },
  { what: "REOPEN without an app", call: "LaunchApp(app='')", dict: { action_type: "REOPEN", app_name: "" }, action: null, isInvalid: true },
  { what: "BACK", call: "PressBack()", dict: { action_type: "BACK" }, action: { type: "back" } },
  { what: "PressHome", call: "PressHome()", dict: { action_type: "PressHome" }, action: { type: "home" } },
  { what: "PressEnter", call: "PressEnter()", dict: { action_type: "PressEnter" }, action: { type: "enter" } },
  { what: "PressMenu", call: "PressRecent()", dict: { action_type: "PressMenu" }, action: { type: "recent" } },
  { what: "WAIT", call: "Wait()", dict: { action_type: "WAIT", duration: 1000 }, action: { type: "wait", seconds: 1 } },
  { what: "SUCCESS", call: "Finished(content='done')", dict: { action_type: "SUCCESS", input: "done" }, action: { type: "finish", answer: "done" } },
  { what: "SUCCESS without a message", call: "Finished()", dict: { action_type: "SUCCESS", input: "" }, action: { type: "finish" } },
  { what: "CallUser", call: "CallUser(content='Which one?')", dict: { action_type: "CallUser", input: "Which one?" }, action: { type: "call_user", text: "Which one?" } },
  { what: "CallUser from Answer", call: "Answer(content='42')", dict: { action_type: "CallUser", input: "42" }, action: { type: "call_user", text: "42" } },
  { what: "get_screenshot", call: "GetScreenshot()", dict: { action_type: "get_screenshot" }, action: null, isInvalid: false },
  { what: "None", call: "Fly(to='moon')", dict: { action_type: null }, action: null, isInvalid: true },
  { what: "an action_type no runner writes", call: null, dict: { action_type: "FAIL" }, action: null, isInvalid: true },
];

function frameworkMapping(c: Case) {
  const step = VenusStepSchema.parse({ step: 1, screenshot_path: "step_001.png", action: c.dict, raw_response: c.call === null ? null : `<think>t</think><action>${c.call}</action>`, reflection_history: [] });
  const { record, isInvalid } = venusStep("episode", step, 0, undefined);
  return { action: record.action, isInvalid, note: record.note };
}

function venus2Mapping(c: Case) {
  const mapped = mapVenus2Action(ParsedActionSchema.parse(c.dict), readModelCall(c.call));
  return { action: mapped.action, isInvalid: mapped.isInvalid, note: mapped.notes.length ? mapped.notes.join("; ") : null };
}

describe("the UI-Venus family's action mapping, shared by both importers", () => {
  it.each(CASES)("$what maps the same way in the framework's and UI-Venus-2's importer", (c) => {
    const framework = frameworkMapping(c);
    const venus2 = venus2Mapping(c);
    expect(framework.action).toEqual(c.action);
    expect(framework.isInvalid).toBe(c.isInvalid ?? false);
    expect(venus2).toEqual(framework);
  });

  it("covers every action_type the framework's executor and the UI-Venus-2 runner write", () => {
    // run_handler.py _execute_action's branches, and None for a call no runner could name.
    const written = ["CLK", "SWIPE", "INPUT", "BACK", "WAIT", "PressHome", "PressMenu", "PressEnter", "LongPress", "REOPEN", "DoubleCLK", "SUCCESS", "CallUser", "get_screenshot", null];
    const covered = new Set(CASES.map((c) => c.dict.action_type));
    expect(written.filter((type) => !covered.has(type))).toEqual([]);
  });

  it("says when a SWIPE's call could not be read and what it was taken as", () => {
    expect(frameworkMapping(CASES.find((c) => c.what === "SWIPE without a readable call")!).note).toContain("taken as a scroll");
    expect(frameworkMapping(CASES.find((c) => c.what === "SWIPE without a readable call, Drag's duration")!).note).toContain("taken as a Drag");
  });
});
