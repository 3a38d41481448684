// The element list WebVoyager shows its agent (MinorJerry/WebVoyager @ 5a78967, utils.py:179-209:
// `[N]: <tag> "text";` joined by tabs) read back into elements, as the review screen lists
// them and finds the one "Click [N]" names.
import { describe, expect, it } from "vitest";
import { elementMatches, observationElements, unlistedLabel } from "@/lib/ui-tree/observation-elements";

// As in the public example taskAllrecipes--4's first user turn, after run.py's instructions.
const LIST = '[0]: <button> "Main menu for Allrecipes";\t[1]: "Allrecipes", "Home";\t[2]: <button> "search";\t[3]: "Log In";\t[33]: <input> "Search the site\nfor recipes";';

describe("observation elements", () => {
  it("splits the list into numbered elements with their tag and text", () => {
    expect(observationElements(LIST)).toEqual([
      { label: "0", tag: "button", text: '"Main menu for Allrecipes"' },
      { label: "1", tag: null, text: '"Allrecipes", "Home"' },
      { label: "2", tag: "button", text: '"search"' },
      { label: "3", tag: null, text: '"Log In"' },
      { label: "33", tag: "input", text: '"Search the site\nfor recipes"' },
    ]);
    expect(observationElements("An accessibility tree with no numbered labels")).toBeNull();
  });

  it("finds elements by number, tag or text", () => {
    const elements = observationElements(LIST)!;
    const found = (q: string) => elements.filter((e) => elementMatches(e, q)).map((e) => e.label);
    expect(found("33")).toEqual(["33"]);
    expect(found("[3]")).toEqual(["3"]);
    expect(found("<button>")).toEqual(["0", "2"]);
    expect(found("RECIPES")).toEqual(["0", "1", "33"]);
    expect(found("the site")).toEqual(["33"]);
    expect(found("  ")).toHaveLength(5);
  });

  it("says which number an action names that the list lacks (drawn on the screenshot only)", () => {
    const elements = observationElements(LIST)!;
    // The public taskAllrecipes--4 clicks [6], labelled on its screenshot but absent from the list it was shown.
    expect(unlistedLabel(elements, "6")).toBe("6");
    expect(unlistedLabel(elements, "33")).toBeNull();
    expect(unlistedLabel(elements, null)).toBeNull();
  });
});
