// A recorded thought in a history line, in the target's coordinate space (issue 36 item 3: an
// AndroidLab thought's device-pixel bounds "#[3,589][239,825]#" sat beside a [0,1000] action).
import { describe, expect, it } from "vitest";
import { conventionSpace } from "@/lib/exports/conventions/coordinate-conventions";
import { thoughtInConvention } from "@/lib/exports/conventions/thought-coordinates";

const phone = conventionSpace("rel1000", { width: 1080, height: 2400 });

describe("a thought in the pool's convention", () => {
  it("writes AndroidLab's bounds [x1,y1][x2,y2] on the grid, with the pool's rounding", () => {
    // 3 -> 2.78 -> 3; 589 -> 245.4 -> 245; 239 -> 221.3 -> 221; 825 -> 343.75 -> 344
    expect(thoughtInConvention("Tap the album #[3,589][239,825]# to open it", phone)).toEqual({ text: "Tap the album #[3,245][221,344]# to open it", converted: 1 });
    const abs = conventionSpace("qwen25-abs", { width: 1080, height: 2400 });
    expect(thoughtInConvention("[0,0][1080,2400] is the whole screen", abs)).toEqual({ text: `[0,0][${abs.extent.width},${abs.extent.height}] is the whole screen`, converted: 1 });
    expect(thoughtInConvention("No coordinates here.", phone)).toEqual({ text: "No coordinates here.", converted: 0 });
  });

  it("leaves out a thought with coordinates of unknown space, bounds past the screenshot, or no screenshot", () => {
    expect(thoughtInConvention("The button at (540, 1200) looks right", phone)).toEqual({ leftOut: "unknown_coordinates" });
    expect(thoughtInConvention("Both #[3,589][239,825]# and [12, 40] matter", phone)).toEqual({ leftOut: "unknown_coordinates" });
    expect(thoughtInConvention("#[3,589][1239,825]#", phone)).toEqual({ leftOut: "bounds_outside_image" });
    expect(thoughtInConvention("#[3,589][239,825]#", null)).toEqual({ leftOut: "no_screenshot" });
  });
});
