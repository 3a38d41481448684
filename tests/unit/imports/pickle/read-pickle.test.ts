// Plain values out of real pickles, every protocol a trajectory may have been saved with.
import { describe, expect, it } from "vitest";
import { DATETIME_GLOBALS } from "@/lib/imports/pickle/known-globals";
import { readPickle } from "@/lib/imports/pickle/read-pickle";
import { isPickleObject, type PickleValue } from "@/lib/imports/pickle/pickle-values";
import { hasPython, pythonPickle } from "./python-pickles";

if (!hasPython) console.log("pickle reader tests skipped: python3 is not on this machine");

// Shaped like a UI-Venus `trajectory.pkl.gz` episode: goal, id, a list of step dicts.
const TRAJECTORY = String.raw`{
    "goal": "Turn on Wi-Fi ✓ 设置",
    "episode_id": "ep-0017",
    "episode_data": [
        {
            "step": i,
            "action": {"action_type": "click", "coordinate": [0.25 + i, 0.5], "text": None},
            "is_done": i == 2,
            "reward": -1.5 if i else 0.0,
            "thought": "Tap «Settings»",
        }
        for i in range(3)
    ],
    "success": True,
    "big": 2**70,
    "negative": -2**40,
    "empty": {},
    "pair": (1, "a"),
    "raw": b"\x00\xff",
}`;

const STEPS = [0, 1, 2].map((i) => ({
  step: i,
  action: { action_type: "click", coordinate: [0.25 + i, 0.5], text: null },
  is_done: i === 2,
  reward: i ? -1.5 : 0,
  thought: "Tap «Settings»",
}));

describe.runIf(hasPython)("readPickle", () => {
  it.each([2, 3, 4, 5])("reads a trajectory dict written with protocol %i", (protocol) => {
    const value = readPickle("trajectory.pkl", pythonPickle(TRAJECTORY, { protocol }));
    expect(value).toEqual({
      goal: "Turn on Wi-Fi ✓ 设置",
      episode_id: "ep-0017",
      episode_data: STEPS,
      success: true,
      big: 2n ** 70n,
      negative: -(2 ** 40),
      empty: {},
      pair: [1, "a"],
      raw: Buffer.from([0x00, 0xff]),
    });
  });

  it("keeps a value the pickle shares through its memo shared, not copied", () => {
    const setup = "step = {'action': 'back'}\nshared = [step, step, {'again': step}]";
    const value = readPickle("shared.pkl", pythonPickle("shared", { setup })) as PickleValue[];
    expect(value[0]).toEqual({ action: "back" });
    expect(value[1]).toBe(value[0]);
    expect((value[2] as Record<string, PickleValue>).again).toBe(value[0]);
  });

  it("reads '__proto__' and 'constructor' as ordinary keys of a null-prototype object", () => {
    const value = readPickle("keys.pkl", pythonPickle(`{"__proto__": {"polluted": True}, "constructor": 1}`));
    expect(isPickleObject(value)).toBe(true);
    expect(Object.keys(value as object)).toEqual(["__proto__", "constructor"]);
    expect((value as Record<string, PickleValue>)["__proto__"]).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("reads a dict with keys other than str as a Map", () => {
    const value = readPickle("map.pkl", pythonPickle(`{1: "one", (2, 3): "pair", None: "none"}`));
    expect(value).toBeInstanceOf(Map);
    const entries = [...(value as Map<PickleValue, PickleValue>).entries()];
    expect(entries).toEqual([
      [1, "one"],
      [[2, 3], "pair"],
      [null, "none"],
    ]);
  });

  it.each([2, 3, 4, 5])("reads Python's own spellings of bytes, bytearray, sets and OrderedDict (protocol %i)", (protocol) => {
    const expression = `[b"", b"ab\\xff", bytearray(b"x"), {1, 2}, frozenset([3]), collections.OrderedDict([("z", 1), ("a", 2)])]`;
    const value = readPickle("values.pkl", pythonPickle(expression, { protocol, setup: "import collections" }));
    expect(value).toEqual([Buffer.alloc(0), Buffer.from([0x61, 0x62, 0xff]), Buffer.from("x"), [1, 2], [3], { z: 1, a: 2 }]);
  });

  it("reads a naive datetime as its ISO string when datetimes are allowed", () => {
    const bytes = pythonPickle("datetime.datetime(2024, 5, 6, 7, 8, 9, 123456)", { setup: "import datetime" });
    expect(readPickle("when.pkl", bytes, { allow: DATETIME_GLOBALS })).toBe("2024-05-06T07:08:09.123456");
    expect(() => readPickle("when.pkl", bytes)).toThrow("when.pkl: pickle names class `datetime.datetime`");
  });

  it("refuses a datetime with a time zone by the class that carries it", () => {
    const bytes = pythonPickle("datetime.datetime(2024, 5, 6, tzinfo=datetime.timezone.utc)", { setup: "import datetime" });
    expect(() => readPickle("when.pkl", bytes, { allow: DATETIME_GLOBALS })).toThrow(
      /^when\.pkl: pickle names class `datetime\.timezone` at byte \d+, which Verity does not read$/,
    );
  });

  it("reads floats exactly, infinities and NaN included", () => {
    const value = readPickle("floats.pkl", pythonPickle(`[0.1, -2.5e-300, float("inf"), float("-inf"), float("nan"), 2**53 + 1, -129]`, { protocol: 2 }));
    expect(value).toEqual([0.1, -2.5e-300, Infinity, -Infinity, NaN, 2n ** 53n + 1n, -129]);
  });
});
