import { describe, expect, it } from "vitest";
import {
  createEditorState,
  isAnswerComplete,
  selectedBox,
  toAnswer,
} from "@/lib/editor/state";

const image = { width: 1920, height: 1080 };

describe("createEditorState", () => {
  it("brings server boxes into the invariant: normalized, clamped, at least 1 px", () => {
    const state = createEditorState({
      image,
      boxes: [
        { id: "a", box: [300, 200, 100, 50], label: "OK button" },
        { id: "b", box: [1900, -10, 2000, 40] },
        { id: "c", box: [500, 500, 500, 500] },
      ],
    });
    expect(state).toEqual({
      image,
      boxes: [
        { id: "a", box: [100, 50, 300, 200], label: "OK button" },
        { id: "b", box: [1900, 0, 1920, 40], label: "" },
        { id: "c", box: [499.5, 499.5, 500.5, 500.5], label: "" },
      ],
      selectedId: null,
      targetAbsent: false,
      snapToPixels: false,
    });
  });

  it("keeps a selection that exists and drops one that does not", () => {
    const boxes = [{ id: "a", box: [1, 2, 3, 4] as [number, number, number, number] }];
    expect(createEditorState({ image, boxes, selectedId: "a" }).selectedId).toBe("a");
    expect(createEditorState({ image, boxes, selectedId: "zz" }).selectedId).toBeNull();
    expect(selectedBox(createEditorState({ image, boxes, selectedId: "a" }))).toEqual({
      id: "a",
      box: [1, 2, 3, 4],
      label: "",
    });
  });

  it("refuses duplicate ids, non-finite coordinates and an empty image", () => {
    expect(() =>
      createEditorState({
        image,
        boxes: [
          { id: "a", box: [0, 0, 5, 5] },
          { id: "a", box: [1, 1, 6, 6] },
        ],
      }),
    ).toThrow(/duplicate box id "a"/);
    expect(() => createEditorState({ image, boxes: [{ id: "a", box: [0, 0, NaN, 5] }] })).toThrow(
      RangeError,
    );
    expect(() => createEditorState({ image: { width: 0, height: 10 }, boxes: [] })).toThrow(
      RangeError,
    );
  });
});

describe("toAnswer", () => {
  const state = createEditorState({
    image,
    boxes: [{ id: "a", box: [10.123456, 20.5, 30.333333, 40.666666], label: "Send" }],
  });

  it("saves the boxes rounded to 2 decimals", () => {
    expect(toAnswer(state)).toEqual({
      targetAbsent: false,
      boxes: [{ box: [10.12, 20.5, 30.33, 40.67], label: "Send" }],
    });
  });

  it("saves no box when the target is marked absent, although the state keeps them", () => {
    const absent = { ...state, targetAbsent: true };
    expect(absent.boxes).toHaveLength(1);
    expect(toAnswer(absent)).toEqual({ targetAbsent: true, boxes: [] });
  });

  it("is complete with a box or with target absent, not with neither", () => {
    expect(isAnswerComplete(state)).toBe(true);
    expect(isAnswerComplete({ ...state, boxes: [] })).toBe(false);
    expect(isAnswerComplete({ ...state, boxes: [], targetAbsent: true })).toBe(true);
  });
});
