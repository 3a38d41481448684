// The navigation export re-expresses actions on the [0,1000] grid: every coordinate goes
// through the contract, the rest passes unchanged, including select's option and a click's
// button and press count.
import { describe, expect, it } from "vitest";
import { ActionSchema } from "@/lib/domain/actions";
import { actionOnGrid } from "@/lib/exports/action-on-grid";

const image = { width: 2000, height: 1000 };

describe("actionOnGrid", () => {
  it("moves a select's point and element box onto the grid and keeps its option", () => {
    const action = ActionSchema.parse({ type: "select", option: "Large", x: 500, y: 250, element: [400, 200, 600, 300] });
    expect(actionOnGrid(action, image)).toEqual({ type: "select", option: "Large", x: 250, y: 250, element: [200, 200, 300, 300] });
  });

  it("keeps a right triple click's button and count, and a scroll's amount", () => {
    expect(actionOnGrid(ActionSchema.parse({ type: "click", x: 1000, y: 500, button: "right", clicks: 3 }), image)).toEqual({
      type: "click",
      x: 500,
      y: 500,
      button: "right",
      clicks: 3,
    });
    expect(actionOnGrid(ActionSchema.parse({ type: "scroll", direction: "down", amount: 5, from: { x: 2000, y: 0 } }), image)).toEqual({
      type: "scroll",
      direction: "down",
      amount: 5,
      from: { x: 1000, y: 0 },
    });
  });
});
