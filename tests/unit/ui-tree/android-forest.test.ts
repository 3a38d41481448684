// AndroidControl's accessibility forest read from what a converter writes: JSON (camelCase or
// snake_case) and the protobuf text format, rebuilt into a tree from the flat node list.
import { describe, expect, it } from "vitest";
import { parseAndroidForest } from "@/lib/ui-tree/android-forest";
import { countNodes, walk } from "@/lib/ui-tree/node";
import { parseUiTree } from "@/lib/ui-tree/parse-ui-tree";
import { parseProtoText } from "@/lib/ui-tree/proto-text";

const TEXT = `windows {
  bounds_in_screen {
    right: 1080
    bottom: 2400
  }
  title: "Settings"
  window_type: TYPE_APPLICATION
  tree {
    nodes {
      unique_id: 10
      bounds_in_screen { right: 1080 bottom: 2400 }
      class_name: "android.widget.FrameLayout"
      child_ids: 11
      child_ids: 12
    }
    nodes {
      unique_id: 11
      bounds_in_screen { left: 0 top: 100 right: 1080 bottom: 250 }
      class_name: "android.widget.TextView"
      text: "Wi\\342\\200\\221Fi \\"home\\""
    }
    nodes {
      unique_id: 12
      bounds_in_screen { top: 300 right: 540 bottom: 420 }
      class_name: "android.widget.Switch"
      content_description: "Wi-Fi"
      is_checkable: true
      is_checked: true
      child_ids: 10
    }
  }
}
windows {
  bounds_in_screen { top: 1600 right: 1080 bottom: 2400 }
  window_type: TYPE_INPUT_METHOD
}
`;

describe("parseAndroidForest", () => {
  it("reads the text format: nesting from child_ids, bounds with proto3's left-out zeros, escapes", () => {
    const parsed = parseUiTree(TEXT);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.tree.format).toBe("android-forest");
    const [app, keyboard] = parsed.tree.roots;
    expect(app).toMatchObject({ role: "window", text: "Settings", detail: "application" });
    expect(keyboard).toMatchObject({ role: "window", detail: "input method", bounds: { x1: 0, y1: 1600, x2: 1080, y2: 2400 }, children: [] });
    const frame = app!.children[0]!;
    expect(frame.role).toBe("FrameLayout");
    expect(frame.children.map((c) => c.role)).toEqual(["TextView", "Switch"]);
    expect(frame.children[0]).toMatchObject({ text: 'Wi\u2011Fi "home"', bounds: { x1: 0, y1: 100, x2: 1080, y2: 250 } });
    // The switch lists the frame as its child: a cycle, placed once.
    expect(frame.children[1]).toMatchObject({ text: "Wi-Fi", detail: "checkable checked", bounds: { x1: 0, y1: 300, x2: 540, y2: 420 }, children: [] });
    expect(countNodes(parsed.tree)).toBe(5);
  });

  it("reads MessageToJson's camelCase and preserving_proto_field_name's snake_case alike", () => {
    const node = (name: (s: string) => string) => ({
      windows: [{ title: "Clock", tree: { nodes: [{ [name("unique_id")]: "1", [name("bounds_in_screen")]: { right: 100, bottom: 50 }, [name("class_name")]: "android.widget.Button", text: "OK", [name("is_clickable")]: true, [name("view_id_resource_name")]: "com.app:id/ok", [name("child_ids")]: [2] }] } }],
    });
    const camel = parseAndroidForest(JSON.stringify(node((s) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()))));
    const snake = parseAndroidForest(JSON.stringify(node((s) => s)));
    for (const parsed of [camel, snake]) {
      if (!parsed.ok) throw new Error(parsed.message);
      const button = [...walk(parsed.tree.roots)].map((w) => w.node).find((n) => n.role === "Button");
      expect(button).toMatchObject({ text: "OK", detail: "#ok clickable", bounds: { x1: 0, y1: 0, x2: 100, y2: 50 } });
      // Child 2 is listed but not in the tree: said on the window, not dropped silently.
      expect(parsed.tree.roots[0]!.detail).toBe("1 child id not in the tree");
    }
  });

  it("refuses what is not a forest, with what is wrong", () => {
    expect(parseAndroidForest('{"windows": 3')).toMatchObject({ ok: false, message: expect.stringContaining("not valid JSON") });
    expect(parseAndroidForest('{"windows": []}')).toEqual({ ok: false, message: "The accessibility forest has no windows." });
    expect(parseAndroidForest("windows {\n  title: \"x\"\n")).toEqual({ ok: false, message: "The text-format message has a message left open at the end." });
  });
});

describe("parseProtoText", () => {
  it("keeps repeated fields in order, joins adjacent strings and skips comments", () => {
    const parsed = parseProtoText('a: 1 # one\na: 2\nb: "x" "y"\nc < d: true >');
    expect(parsed).toEqual({ ok: true, message: { a: [1, 2], b: ["xy"], c: [{ d: [true] }] } });
  });
});
