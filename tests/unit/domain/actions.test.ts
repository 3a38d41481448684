import { describe, expect, it } from "vitest";
import {
  ACTION_TYPES,
  ActionSchema,
  actionPoint,
  actionsEquivalent,
  describeAction,
  type Action,
} from "@/lib/domain/actions";

const parse = (v: unknown): Action => ActionSchema.parse(v);
const ok = (v: unknown) => ActionSchema.safeParse(v).success;

describe("ActionSchema", () => {
  it("covers exactly ACTION_TYPES", () => {
    const types = ActionSchema.options.map((o) => o.shape.type.value);
    expect(types).toEqual([...ACTION_TYPES]);
  });

  it("accepts one valid action of every type", () => {
    const samples: unknown[] = [
      { type: "click", x: 1, y: 2 },
      { type: "double_click", x: 1, y: 2 },
      { type: "long_press", x: 1, y: 2, element: [0, 0, 5, 5] },
      { type: "hover", x: 1, y: 2 },
      { type: "type", text: "hello" },
      { type: "scroll", direction: "down" },
      { type: "drag", from: { x: 1, y: 2 }, to: { x: 3, y: 4 } },
      { type: "hotkey", keys: ["ctrl", "c"] },
      { type: "open_app", name: "Chrome" },
      { type: "back" },
      { type: "home" },
      { type: "enter" },
      { type: "recent" },
      { type: "wait", seconds: 2 },
      { type: "finish", answer: "42" },
      { type: "call_user", text: "which account?" },
      { type: "select", option: "Large", element: [0, 0, 50, 20] },
    ];
    expect(samples.map((s) => (s as { type: string }).type)).toEqual([...ACTION_TYPES]);
    for (const s of samples) expect(ok(s)).toBe(true);
  });

  it("a point action needs x and y together, or an element label", () => {
    expect(ok({ type: "click", elementLabel: "5" })).toBe(true);
    expect(ok({ type: "click" })).toBe(false);
    expect(ok({ type: "click", x: 3 })).toBe(false);
    expect(ok({ type: "click", x: 3, elementLabel: "5" })).toBe(false);
    expect(ok({ type: "click", elementLabel: "  " })).toBe(false);
  });

  it("scroll needs a direction or both from and to", () => {
    expect(ok({ type: "scroll" })).toBe(false);
    expect(ok({ type: "scroll", from: { x: 1, y: 1 } })).toBe(false);
    expect(ok({ type: "scroll", from: { x: 1, y: 1 }, to: { x: 1, y: 9 } })).toBe(true);
    expect(ok({ type: "scroll", direction: "sideways" })).toBe(false);
  });

  it("rejects empty hotkeys, open_app without name or url, inverted element boxes", () => {
    expect(ok({ type: "hotkey", keys: [] })).toBe(false);
    expect(ok({ type: "hotkey", keys: [""] })).toBe(false);
    expect(ok({ type: "open_app" })).toBe(false);
    expect(ok({ type: "open_app", url: "https://example.org" })).toBe(true);
    expect(ok({ type: "click", x: 1, y: 1, element: [5, 5, 0, 0] })).toBe(false);
    expect(ok({ type: "wait", seconds: -1 })).toBe(false);
    expect(ok({ type: "teleport" })).toBe(false);
  });
});

describe("the desktop and web additions", () => {
  it("clicks take a button and a press count; double clicks a button", () => {
    expect(ok({ type: "click", x: 1, y: 2, button: "right" })).toBe(true);
    expect(ok({ type: "click", x: 1, y: 2, clicks: 3 })).toBe(true);
    expect(ok({ type: "click", x: 1, y: 2, button: "primary" })).toBe(false);
    expect(ok({ type: "click", x: 1, y: 2, clicks: 0 })).toBe(false);
    expect(ok({ type: "double_click", x: 1, y: 2, button: "middle" })).toBe(true);
  });

  it("select needs its option; a place is optional, but x and y go together", () => {
    expect(ok({ type: "select", option: "Large" })).toBe(true);
    expect(ok({ type: "select" })).toBe(false);
    expect(ok({ type: "select", option: "Large", x: 3 })).toBe(false);
    expect(actionPoint(parse({ type: "select", option: "L", x: 4, y: 5 }))).toEqual([4, 5]);
  });

  it("scroll amounts are positive; finish may claim the task infeasible", () => {
    expect(ok({ type: "scroll", direction: "down", amount: 5 })).toBe(true);
    expect(ok({ type: "scroll", direction: "down", amount: 0 })).toBe(false);
    expect(ok({ type: "finish", isInfeasible: true })).toBe(true);
    expect(ok({ type: "finish", isInfeasible: false })).toBe(false);
  });

  it("a right click, a triple click and a left click are different actions", () => {
    const left = parse({ type: "click", x: 10, y: 10 });
    expect(actionsEquivalent(left, parse({ type: "click", x: 10, y: 10, button: "left", clicks: 1 }), 0)).toBe(true);
    expect(actionsEquivalent(left, parse({ type: "click", x: 10, y: 10, button: "right" }), 0)).toBe(false);
    expect(actionsEquivalent(left, parse({ type: "click", x: 10, y: 10, clicks: 3 }), 0)).toBe(false);
  });

  it("selects match on the option, and on the target when both have one", () => {
    const a = parse({ type: "select", option: "Large", element: [0, 0, 50, 20], x: 25, y: 10 });
    expect(actionsEquivalent(a, parse({ type: "select", option: " Large " }), 0)).toBe(true);
    expect(actionsEquivalent(a, parse({ type: "select", option: "Small" }), 0)).toBe(false);
    expect(actionsEquivalent(a, parse({ type: "select", option: "Large", x: 400, y: 400 }), 5)).toBe(false);
  });

  it("declaring a task infeasible is not finishing it", () => {
    expect(actionsEquivalent(parse({ type: "finish", isInfeasible: true }), parse({ type: "finish" }), 0)).toBe(false);
    expect(actionsEquivalent(parse({ type: "finish", isInfeasible: true }), parse({ type: "finish", isInfeasible: true }), 0)).toBe(true);
  });

  it("describes them", () => {
    expect(describeAction(parse({ type: "click", x: 1, y: 2, button: "right" }))).toBe("right_click(1, 2)");
    expect(describeAction(parse({ type: "click", x: 1, y: 2, clicks: 3 }))).toBe("click×3(1, 2)");
    expect(describeAction(parse({ type: "double_click", x: 1, y: 2 }))).toBe("double_click(1, 2)");
    expect(describeAction(parse({ type: "scroll", direction: "up", amount: 5 }))).toBe("scroll(up ×5)");
    expect(describeAction(parse({ type: "finish", isInfeasible: true }))).toBe("finish(infeasible)");
    expect(describeAction(parse({ type: "select", option: "Large" }))).toBe('select("Large")');
  });
});

describe("actionPoint", () => {
  it("returns the point an action acts at", () => {
    expect(actionPoint(parse({ type: "click", x: 120, y: 40 }))).toEqual([120, 40]);
    expect(actionPoint(parse({ type: "drag", from: { x: 1, y: 2 }, to: { x: 3, y: 4 } }))).toEqual([1, 2]);
    expect(actionPoint(parse({ type: "scroll", from: { x: 5, y: 6 }, to: { x: 5, y: 60 } }))).toEqual([5, 6]);
  });

  it("is null where no coordinate exists", () => {
    expect(actionPoint(parse({ type: "click", elementLabel: "5" }))).toBeNull();
    expect(actionPoint(parse({ type: "scroll", direction: "up" }))).toBeNull();
    expect(actionPoint(parse({ type: "type", text: "x", element: [0, 0, 10, 10] }))).toBeNull();
    expect(actionPoint(parse({ type: "back" }))).toBeNull();
  });
});

describe("actionsEquivalent", () => {
  it("compares points by Euclidean distance against the tolerance", () => {
    // (100,100) -> (103,104): sqrt(3^2 + 4^2) = 5
    const a = parse({ type: "click", x: 100, y: 100 });
    const b = parse({ type: "click", x: 103, y: 104 });
    expect(actionsEquivalent(a, b, 5)).toBe(true);
    expect(actionsEquivalent(a, b, 4.99)).toBe(false);
  });

  it("never matches different types", () => {
    expect(actionsEquivalent(parse({ type: "click", x: 1, y: 1 }), parse({ type: "double_click", x: 1, y: 1 }), 100)).toBe(false);
  });

  it("a point inside the other action's element box matches", () => {
    const truth = parse({ type: "click", x: 15, y: 15, element: [10, 10, 50, 50] });
    const pred = parse({ type: "click", x: 50, y: 50 });
    expect(actionsEquivalent(pred, truth, 0)).toBe(true);
    expect(actionsEquivalent(truth, pred, 0)).toBe(true);
    expect(actionsEquivalent(parse({ type: "click", x: 50.5, y: 50 }), truth, 0)).toBe(false);
  });

  it("element labels match by equality", () => {
    expect(actionsEquivalent(parse({ type: "click", elementLabel: "5" }), parse({ type: "click", elementLabel: "5" }), 0)).toBe(true);
    expect(actionsEquivalent(parse({ type: "click", elementLabel: "5" }), parse({ type: "click", elementLabel: "6" }), 0)).toBe(false);
  });

  it("compares typed text trimmed but case-sensitive", () => {
    expect(actionsEquivalent(parse({ type: "type", text: " hello " }), parse({ type: "type", text: "hello" }), 0)).toBe(true);
    expect(actionsEquivalent(parse({ type: "type", text: "Hello" }), parse({ type: "type", text: "hello" }), 0)).toBe(false);
    expect(actionsEquivalent(parse({ type: "finish" }), parse({ type: "finish", answer: " " }), 0)).toBe(true);
    expect(actionsEquivalent(parse({ type: "finish", answer: "3" }), parse({ type: "finish", answer: "4" }), 0)).toBe(false);
  });

  it("compares hotkeys as a case-insensitive set", () => {
    expect(actionsEquivalent(parse({ type: "hotkey", keys: ["Ctrl", "C"] }), parse({ type: "hotkey", keys: ["c", "ctrl"] }), 0)).toBe(true);
    expect(actionsEquivalent(parse({ type: "hotkey", keys: ["ctrl", "c"] }), parse({ type: "hotkey", keys: ["ctrl", "v"] }), 0)).toBe(false);
    expect(actionsEquivalent(parse({ type: "hotkey", keys: ["ctrl"] }), parse({ type: "hotkey", keys: ["ctrl", "c"] }), 0)).toBe(false);
  });

  it("compares scroll directions, else from/to points", () => {
    expect(actionsEquivalent(parse({ type: "scroll", direction: "up" }), parse({ type: "scroll", direction: "up" }), 0)).toBe(true);
    expect(actionsEquivalent(parse({ type: "scroll", direction: "up" }), parse({ type: "scroll", direction: "down" }), 0)).toBe(false);
    const s1 = parse({ type: "scroll", from: { x: 0, y: 0 }, to: { x: 0, y: 100 } });
    const s2 = parse({ type: "scroll", from: { x: 3, y: 0 }, to: { x: 0, y: 104 } });
    expect(actionsEquivalent(s1, s2, 4)).toBe(true);
    expect(actionsEquivalent(s1, s2, 3.5)).toBe(false);
    expect(actionsEquivalent(s1, parse({ type: "scroll", direction: "down" }), 1000)).toBe(false);
  });

  it("compares both ends of a drag", () => {
    const d1 = parse({ type: "drag", from: { x: 0, y: 0 }, to: { x: 100, y: 0 } });
    expect(actionsEquivalent(d1, parse({ type: "drag", from: { x: 1, y: 0 }, to: { x: 100, y: 2 } }), 2)).toBe(true);
    expect(actionsEquivalent(d1, parse({ type: "drag", from: { x: 0, y: 0 }, to: { x: 0, y: 100 } }), 2)).toBe(false);
  });

  it("compares app names case-insensitively, or urls", () => {
    expect(actionsEquivalent(parse({ type: "open_app", name: "Chrome" }), parse({ type: "open_app", name: "chrome" }), 0)).toBe(true);
    expect(actionsEquivalent(parse({ type: "open_app", name: "Chrome" }), parse({ type: "open_app", url: "chrome" }), 0)).toBe(false);
    expect(actionsEquivalent(parse({ type: "open_app", url: "https://a.org" }), parse({ type: "open_app", url: "https://a.org" }), 0)).toBe(true);
  });

  it("payload-free actions match by type, wait ignores its duration", () => {
    expect(actionsEquivalent(parse({ type: "back" }), parse({ type: "back" }), 0)).toBe(true);
    expect(actionsEquivalent(parse({ type: "wait", seconds: 1 }), parse({ type: "wait", seconds: 5 }), 0)).toBe(true);
  });

  it("throws on a negative tolerance", () => {
    expect(() => actionsEquivalent(parse({ type: "back" }), parse({ type: "back" }), -1)).toThrow(RangeError);
  });
});

describe("describeAction", () => {
  it("writes a short human string", () => {
    expect(describeAction(parse({ type: "click", x: 120, y: 40 }))).toBe("click(120, 40)");
    expect(describeAction(parse({ type: "long_press", x: 120.456, y: 40.04 }))).toBe("long_press(120.5, 40)");
    expect(describeAction(parse({ type: "click", elementLabel: "5" }))).toBe("click([5])");
    expect(describeAction(parse({ type: "type", text: "hello" }))).toBe('type("hello")');
    expect(describeAction(parse({ type: "scroll", direction: "down" }))).toBe("scroll(down)");
    expect(describeAction(parse({ type: "drag", from: { x: 1, y: 2 }, to: { x: 3, y: 4 } }))).toBe("drag(1, 2 -> 3, 4)");
    expect(describeAction(parse({ type: "hotkey", keys: ["ctrl", "c"] }))).toBe("hotkey(ctrl+c)");
    expect(describeAction(parse({ type: "open_app", name: "Settings" }))).toBe("open_app(Settings)");
    expect(describeAction(parse({ type: "back" }))).toBe("back()");
    expect(describeAction(parse({ type: "wait" }))).toBe("wait()");
    expect(describeAction(parse({ type: "wait", seconds: 2 }))).toBe("wait(2s)");
    expect(describeAction(parse({ type: "finish" }))).toBe("finish()");
    expect(describeAction(parse({ type: "finish", answer: "done" }))).toBe('finish("done")');
  });

  it("shortens long text to 40 characters", () => {
    const text = "a".repeat(50);
    expect(describeAction(parse({ type: "type", text }))).toBe(`type("${"a".repeat(39)}…")`);
  });
});
