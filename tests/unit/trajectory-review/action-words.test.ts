// Every action's name is in both catalogues (issue 36, item 26: "long press" and the other
// names were built from the action's type, so the Chinese screen showed English words).
import { describe, expect, it } from "vitest";
import { actionName, motionName, pointActionName } from "@/components/trajectory-review/action-words";
import { ACTION_TYPES, ActionSchema, type Action } from "@/lib/domain/actions";
import { translator } from "@/lib/i18n/translate";

// One action of each type, with the data of each kind of tag (button, press count, direction).
const SAMPLES: Record<(typeof ACTION_TYPES)[number], unknown> = {
  click: { type: "click", x: 1, y: 2 },
  double_click: { type: "double_click", x: 1, y: 2 },
  long_press: { type: "long_press", x: 1, y: 2 },
  hover: { type: "hover", x: 1, y: 2 },
  type: { type: "type", text: "42" },
  scroll: { type: "scroll", direction: "down" },
  drag: { type: "drag", from: { x: 1, y: 2 }, to: { x: 3, y: 4 } },
  hotkey: { type: "hotkey", keys: ["ctrl", "c"] },
  open_app: { type: "open_app", name: "时钟" },
  back: { type: "back" },
  home: { type: "home" },
  enter: { type: "enter" },
  recent: { type: "recent" },
  wait: { type: "wait" },
  finish: { type: "finish" },
  call_user: { type: "call_user", text: "？" },
  select: { type: "select", option: "2", x: 1, y: 2 },
};

const en = translator("en");
const zh = translator("zh-CN");
const hasLatin = (s: string) => /[a-z]/i.test(s);

describe("action names", () => {
  it("name every action type in Chinese with no English word left in it", () => {
    for (const type of ACTION_TYPES) {
      const action = ActionSchema.parse(SAMPLES[type]);
      const name = actionName(action, zh);
      expect(hasLatin(name), `${type}: ${name}`).toBe(false);
      expect(name, type).not.toBe(actionName(action, en));
    }
    expect(actionName(ActionSchema.parse(SAMPLES.long_press), zh)).toBe("长按");
    expect(actionName(ActionSchema.parse(SAMPLES.long_press), en)).toBe("long press");
  });

  it("say the button, the press count and the direction in the reader's language", () => {
    const click = (extra: object) => ActionSchema.parse({ type: "click", x: 1, y: 2, ...extra }) as Extract<Action, { type: "click" }>;
    expect(pointActionName(click({ button: "right" }), en)).toBe("right click");
    expect(pointActionName(click({ button: "right" }), zh)).toBe("右键点击");
    expect(pointActionName(click({ clicks: 3 }), en)).toBe("triple click");
    expect(pointActionName(click({ clicks: 3 }), zh)).toBe("三击");
    expect(pointActionName(click({ clicks: 4, button: "middle" }), en)).toBe("middle 4× click");
    const scroll = ActionSchema.parse({ type: "scroll", direction: "up", amount: 3 }) as Extract<Action, { type: "scroll" }>;
    expect(motionName(scroll, en)).toBe("scroll up ×3");
    expect(motionName(scroll, zh)).toBe("向上滚动 ×3");
  });
});
