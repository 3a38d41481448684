// Dataclass instances (AndroidWorld's JSONAction, UIElement, ...) read as records of their
// fields: NEWOBJ makes them, BUILD gives their __dict__, and nothing of the class is run.
import { describe, expect, it } from "vitest";
import { ANDROID_WORLD_RECORD_GLOBALS, REQUESTS_RESPONSE_GLOBALS } from "@/lib/imports/pickle/known-globals";
import { readPickle } from "@/lib/imports/pickle/read-pickle";
import { hasPython, pythonPickle } from "./python-pickles";

const CLASSES = String.raw`
import dataclasses, datetime, sys, types
for name in ["android_world", "android_world.env", "android_world.env.json_action", "android_world.env.representation_utils"]:
    sys.modules[name] = types.ModuleType(name)
@dataclasses.dataclass
class BoundingBox:
    x_min: int; x_max: int; y_min: int; y_max: int
@dataclasses.dataclass
class UIElement:
    text: str = None
    bbox_pixels: BoundingBox = None
@dataclasses.dataclass
class JSONAction:
    action_type: str = None
    index: int = None
    def __reduce__(self):
        return (JSONAction, ("click", 3))
for cls, module in [(BoundingBox, "android_world.env.representation_utils"), (UIElement, "android_world.env.representation_utils"), (JSONAction, "android_world.env.json_action")]:
    cls.__module__ = module
    setattr(sys.modules[module], cls.__name__, cls)
`;

describe.runIf(hasPython)("records", () => {
  it.each([2, 4, 5])("reads a dataclass and a timedelta as plain values (protocol %i)", (protocol) => {
    const bytes = pythonPickle(`[UIElement(text="OK", bbox_pixels=BoundingBox(1, 9, 2, 8)), datetime.timedelta(days=1, seconds=2, microseconds=500000)]`, { protocol, setup: CLASSES });
    const value = readPickle("shot.pkl", bytes, { allow: [...ANDROID_WORLD_RECORD_GLOBALS, ...REQUESTS_RESPONSE_GLOBALS] });
    expect(JSON.parse(JSON.stringify(value))).toEqual([{ text: "OK", bbox_pixels: { x_min: 1, x_max: 9, y_min: 2, y_max: 8 } }, 86_402.5]);
  });

  it("refuses a record class the caller did not allow, and one built by calling it", () => {
    const element = pythonPickle(`UIElement(text="OK")`, { setup: CLASSES });
    expect(() => readPickle("a.pkl", element)).toThrow(/a\.pkl: .*android_world\.env\.representation_utils\.UIElement/);
    const called = pythonPickle(`JSONAction()`, { setup: CLASSES });
    expect(() => readPickle("b.pkl", called, { allow: ANDROID_WORLD_RECORD_GLOBALS })).toThrow(/b\.pkl: .*JSONAction.* in a way Verity does not read/);
  });
});
