// The text formats: AndroidLab's compressed tree, OSWorld's XML and table, web lists.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAndroidLabCompressed } from "@/lib/ui-tree/androidlab-compressed";
import { countNodes, findNode } from "@/lib/ui-tree/node";
import { parseOsworldTable } from "@/lib/ui-tree/osworld-table";
import { parseOsworldXml } from "@/lib/ui-tree/osworld-xml";
import { parseUiTree } from "@/lib/ui-tree/parse-ui-tree";
import { parseWebA11yText, parseWebElements } from "@/lib/ui-tree/web-elements";

const COMPRESSED = [
  "The current screenshot's description is shown: ",
  "    [n4d24] EditText ;click long-click ; ;;picture_3.jpg : ",
  "        bounds: [90,42][570,104]",
  "    [n3414] HorizontalScrollView ;scroll ; ;;: ",
  "        bounds: [0,120][718,172]",
  "        [n557c] TextView ;click ; ;;All : ",
  "            bounds: [30,128][72,160]",
  "        [n8b8f] TextView ;click ; selected ; selected, ;Pictures : ",
  "            bounds: [114,128][156,160]",
  "    [n5982] ;; ;;AI search : ",
  "        bounds: [164,258][284,290]",
].join("\n");

const OSWORLD_XML = `<desktop-frame xmlns:st="https://accessibility.ubuntu.example.org/ns/state" xmlns:cp="https://accessibility.ubuntu.example.org/ns/component" name="main">
  <application name="gedit"><frame name="Untitled" cp:screencoord="(0, 0)" cp:size="(1920, 1080)"><push-button name="Save" st:focused="true" cp:screencoord="(1700, 10)" cp:size="(80, 30)"/><label cp:screencoord="(-1, -1)" cp:size="(0, 0)">hidden</label></frame></application>
</desktop-frame>`;

describe("AndroidLab's compressed tree", () => {
  it("nests by 4-space indent and reads each node's bounds line", () => {
    const result = parseAndroidLabCompressed(COMPRESSED);
    if (!result.ok) throw new Error(result.message);
    expect(result.tree.roots.map((r) => r.text)).toEqual(["picture_3.jpg", "", "AI search"]);
    const pictures = findNode(result.tree, "1.1")!.node;
    expect(pictures).toMatchObject({ role: "TextView", text: "Pictures", bounds: { x1: 114, y1: 128, x2: 156, y2: 160 } });
    expect(pictures.detail).toContain("n8b8f");
    expect(pictures.detail).toContain("selected");
    // A plain container's class is dropped by the compressor.
    expect(result.tree.roots[2]!.role).toBe("View");
  });

  it("refuses text without the header and names a line it cannot read", () => {
    expect(parseAndroidLabCompressed("[n1234] x").ok).toBe(false);
    const bad = parseAndroidLabCompressed(`${COMPRESSED}\n    garbage here`);
    expect(!bad.ok && bad.message).toMatch(/Line 12/);
  });

  it("reads the androidlab-run fixture's compressed files in place (skipped without ../shared/fixtures)", () => {
    const file = path.resolve("../shared/fixtures/androidlab-run/logs/evaluation/gpt4o-xml-synthetic/quark_1_2024-10-16_14-30-05/xml/0_compressed_xml.txt");
    if (!existsSync(file)) return console.log("skipped: ../shared/fixtures/androidlab-run is absent");
    const result = parseUiTree(readFileSync(file, "utf8"));
    if (!result.ok) throw new Error(result.message);
    expect(result.tree.format).toBe("androidlab-compressed");
    expect(result.tree.roots[0]!.bounds).toEqual({ x1: 90, y1: 42, x2: 570, y2: 104 });
  });
});

describe("OSWorld's accessibility tree", () => {
  it("XML: boxes from screencoord and size, whatever the namespace prefix; off-screen nodes unplaced", () => {
    const result = parseOsworldXml(OSWORLD_XML);
    if (!result.ok) throw new Error(result.message);
    const save = findNode(result.tree, "0.0.0.0")!.node;
    expect(save).toMatchObject({ role: "push-button", text: "Save", detail: "focused", bounds: { x1: 1700, y1: 10, x2: 1780, y2: 40 } });
    expect(findNode(result.tree, "0.0.0.1")!.node).toMatchObject({ text: "hidden", bounds: null });
    const renamed = parseOsworldXml(OSWORLD_XML.replaceAll("cp:", "c:").replace('xmlns:c="', 'xmlns:c="'));
    expect(renamed.ok && findNode(renamed.tree, "0.0.0.0")!.node.bounds).toEqual({ x1: 1700, y1: 10, x2: 1780, y2: 40 });
  });

  it("table: one row a node, text with tabs kept whole", () => {
    const table = ["tag\tname\ttext\tclass\tdescription\tposition (top-left x&y)\tsize (w&h)", "push-button\tSave\t\t\tSaves the file\t(1700, 10)\t(80, 30)", 'paragraph\t\t"a\tb ""quoted"""\t\t\t(10, 20)\t(300, 40)'].join("\n");
    const result = parseOsworldTable(table);
    if (!result.ok) throw new Error(result.message);
    expect(countNodes(result.tree)).toBe(2);
    expect(result.tree.roots[0]).toMatchObject({ role: "push-button", text: "Save", detail: "Saves the file", bounds: { x1: 1700, y1: 10, x2: 1780, y2: 40 } });
    expect(result.tree.roots[1]).toMatchObject({ text: 'a\tb "quoted"', bounds: { x1: 10, y1: 20, x2: 310, y2: 60 } });
  });
});

describe("web observations", () => {
  it("WebVoyager's numbered element list: nodes without bounds, named by their number", () => {
    const result = parseWebElements(`[0]: <input> "Search";\t[1]: "Advanced search";`);
    if (!result.ok) throw new Error(result.message);
    expect(result.tree.roots).toMatchObject([{ role: "input", text: '"Search"', detail: "[0]", bounds: null }, { role: "element", detail: "[1]" }]);
  });

  it("WebArena-style accessibility text: nesting by tabs, role and quoted name", () => {
    const result = parseWebA11yText("[1] RootWebArea 'arXiv' focused: True\n\t[5] link 'Login'\n\t[6] searchbox 'Search term'\n\t\t[7] StaticText \"It's\"\n\t\t[8] StaticText 'a \\\\ b'");
    if (!result.ok) throw new Error(result.message);
    expect(result.tree.roots[0]).toMatchObject({ role: "RootWebArea", text: "arXiv", detail: "[1] focused: True" });
    // Python's repr double-quotes a name holding a single quote.
    expect(findNode(result.tree, "0.1.0")!.node).toMatchObject({ role: "StaticText", text: "It's", detail: "[7]" });
    expect(findNode(result.tree, "0.1.1")!.node.text).toBe("a \\ b");
  });
});

describe("parseUiTree picks the parser by content", () => {
  it.each([
    [`<?xml version='1.0' ?><hierarchy rotation="0"><node bounds="[0,0][1,1]"/></hierarchy>`, "android-xml"],
    [OSWORLD_XML, "osworld-xml"],
    [COMPRESSED, "androidlab-compressed"],
    ["tag\tname\ttext\tclass\tdescription\tposition (top-left x&y)\tsize (w&h)\n", "osworld-table"],
    [`[3]: <a> "Home";`, "web-elements"],
    ["[1] RootWebArea 'x'", "web-a11y-text"],
  ])("%#", (text, format) => {
    const result = parseUiTree(text);
    expect(result.ok && result.tree.format).toBe(format);
  });

  it("says so for text it does not read", () => {
    const result = parseUiTree("just some words");
    expect(!result.ok && result.message).toMatch(/format Verity does not read/);
  });
});
