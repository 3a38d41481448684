// uiautomator XML in AndroidLab's layout: nesting, bounds, text, and refusal of bad input.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAndroidBounds, parseAndroidXml } from "@/lib/ui-tree/android-xml";
import { countNodes, findNode } from "@/lib/ui-tree/node";

const DEFAULTS: Record<string, string> = { index: "0", text: "", "resource-id": "", class: "android.widget.FrameLayout", package: "p", "content-desc": "", checkable: "false", checked: "false", clickable: "false", enabled: "true", focusable: "false", focused: "false", scrollable: "false", "long-clickable": "false", password: "false", selected: "false" };
const node = (attrs: Record<string, string>, inner = "") =>
  `<node ${Object.entries({ ...DEFAULTS, ...attrs }).map(([k, v]) => `${k}="${v}"`).join(" ")}>${inner}</node>`;
const dump = (inner: string) => `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">${inner}</hierarchy>`;

describe("parseAndroidXml", () => {
  it("keeps the nesting, reads bounds as [x1,y1][x2,y2] and names nodes by class, text and id", () => {
    const xml = dump(node({ bounds: "[0,0][360,640]" }, node({ class: "android.widget.TextView", text: "Downloads &amp; files", "resource-id": "com.quark.browser:id/title", clickable: "true", bounds: "[20,200][340,250]" }) + node({ "content-desc": "Menu", bounds: "[290,560][350,620]" })));
    const result = parseAndroidXml(xml);
    if (!result.ok) throw new Error(result.message);
    expect(result.tree.format).toBe("android-xml");
    expect(countNodes(result.tree)).toBe(3);
    const title = findNode(result.tree, "0.0")!.node;
    expect(title).toMatchObject({ role: "TextView", text: "Downloads & files", detail: "#title clickable", bounds: { x1: 20, y1: 200, x2: 340, y2: 250 } });
    expect(findNode(result.tree, "0.1")!.node.text).toBe("Menu");
    expect(result.tree.roots[0]!.role).toBe("FrameLayout");
  });

  it("leaves a node without usable bounds unplaced instead of guessing", () => {
    expect(parseAndroidBounds("[0,0][0,10]")).toBeNull();
    expect(parseAndroidBounds("0,0,10,10")).toBeNull();
    expect(parseAndroidBounds(undefined)).toBeNull();
    expect(parseAndroidBounds("[-5,10][20,30]")).toEqual({ x1: -5, y1: 10, x2: 20, y2: 30 });
  });

  it("refuses malformed XML with its position and a document that is not a dump", () => {
    const broken = parseAndroidXml(`<hierarchy><node bounds="[0,0][1,1]"></hierarchy>`);
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.message).toMatch(/malformed at line 1, column \d+/);
    const other = parseAndroidXml(`<desktop-frame name="x"/>`);
    expect(!other.ok && other.message).toMatch(/no <hierarchy>/);
  });

  it("reads the androidlab-run fixture's dumps in place (skipped without ../shared/fixtures)", () => {
    const file = path.resolve("../shared/fixtures/androidlab-run/logs/evaluation/gpt4o-xml-synthetic/quark_1_2024-10-16_14-30-05/xml/0.xml");
    if (!existsSync(file)) return console.log("skipped: ../shared/fixtures/androidlab-run is absent");
    const result = parseAndroidXml(readFileSync(file, "utf8"));
    if (!result.ok) throw new Error(result.message);
    expect(result.tree.roots[0]!.bounds).toEqual({ x1: 0, y1: 0, x2: 718, y2: 1280 });
    expect(countNodes(result.tree)).toBeGreaterThan(10);
  });
});
