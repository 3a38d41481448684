// AndroidControl's accessibility trees: each observation's `AndroidAccessibilityForest`
// (android_env/proto/a11y/*.proto at google-deepmind/android_env@0be7d5010086b3324b5ecab18953dc89cf49fe10:
// android_accessibility_forest.proto `repeated AndroidAccessibilityWindowInfo windows`,
// android_accessibility_window_info.proto `bounds_in_screen`, `title`, `window_type`, `tree`,
// android_accessibility_tree.proto `repeated AndroidAccessibilityNodeInfo nodes`,
// android_accessibility_node_info.proto `unique_id`, `bounds_in_screen`, `class_name`, `text`,
// `content_description`, `view_id_resource_name`, `is_*` states and `child_ids`, rect.proto
// `left top right bottom`). The TFRecords hold it serialized; what an importer receives after
// conversion is JSON (`json_format.MessageToJson` / `MessageToDict`: lowerCamelCase names, or
// snake_case with preserving_proto_field_name) or the text format (`print(forest)`), both read
// here. Nodes are a flat list linked by `child_ids`, so the tree is rebuilt from them: one
// root per window (its title and type), under it the nodes no other node lists as a child.
// Bounds are device pixels, which are the screenshot's. proto3 leaves zero fields out, so a
// missing `left` or `top` is 0.
import { assignIds, validBounds, type Bounds, type DraftNode, type ParseResult } from "@/lib/ui-tree/node";
import { parseProtoText } from "@/lib/ui-tree/proto-text";

type Loose = Record<string, unknown>;

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function raw(o: Loose, snake: string): unknown {
  return o[snake] ?? o[camel(snake)];
}

/** A singular field (the text format gives every field as a list). */
function one(o: Loose, snake: string): unknown {
  const v = raw(o, snake);
  return Array.isArray(v) ? v[0] : v;
}

function many(o: Loose, snake: string): unknown[] {
  const v = raw(o, snake);
  return v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
}

const isObject = (v: unknown): v is Loose => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" ? v : "");
const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : 0);

function rect(v: unknown): Bounds | null {
  if (!isObject(v)) return null;
  return validBounds(num(one(v, "left")), num(one(v, "top")), num(one(v, "right")), num(one(v, "bottom")));
}

// The states a reviewer checks a tap against, named as uiautomator dumps name them.
const STATES = [
  ["is_clickable", "clickable"],
  ["is_long_clickable", "long-clickable"],
  ["is_scrollable", "scrollable"],
  ["is_editable", "editable"],
  ["is_checkable", "checkable"],
  ["is_checked", "checked"],
  ["is_selected", "selected"],
  ["is_focused", "focused"],
  ["is_password", "password"],
] as const;

function nodeDraft(node: Loose, children: DraftNode[]): DraftNode {
  const className = str(one(node, "class_name"));
  const text = [str(one(node, "text")), str(one(node, "content_description")), str(one(node, "hint_text"))].filter((t) => t.trim()).filter((t, i, all) => all.indexOf(t) === i).join(" · ");
  const viewId = str(one(node, "view_id_resource_name")).replace(/^[\w.]+:id\//, "#");
  const states = STATES.filter(([field]) => one(node, field) === true || one(node, field) === "true").map(([, name]) => name);
  return { role: className.split(".").at(-1) || "node", text, detail: [viewId, ...states].filter(Boolean).join(" "), bounds: rect(one(node, "bounds_in_screen")), children };
}

function windowDraft(window: Loose): DraftNode {
  const tree = one(window, "tree");
  const nodes = (isObject(tree) ? many(tree, "nodes") : []).filter(isObject);
  const byId = new Map(nodes.map((n) => [num(one(n, "unique_id")), n]));
  const listed = new Set(nodes.flatMap((n) => many(n, "child_ids").map(num)));
  const missing = [...listed].filter((id) => !byId.has(id)).length;
  const built = new Set<number>();
  const build = (node: Loose): DraftNode => {
    built.add(num(one(node, "unique_id")));
    // A child listed twice or an id cycle would recurse forever: each node is placed once.
    const children = many(node, "child_ids").map(num).flatMap((id) => {
      const child = byId.get(id);
      return child && !built.has(id) ? [build(child)] : [];
    });
    return nodeDraft(node, children);
  };
  const roots = nodes.filter((n) => !listed.has(num(one(n, "unique_id")))).map(build);
  // Nodes only reachable through a cycle of child ids have no root above them: they are
  // placed at the top of the window rather than left out.
  for (const node of nodes) if (!built.has(num(one(node, "unique_id")))) roots.push(build(node));
  const type = str(one(window, "window_type")).replace(/^TYPE_/, "").toLowerCase().replace(/_/g, " ");
  const note = missing ? `${missing} child id${missing === 1 ? "" : "s"} not in the tree` : "";
  return { role: "window", text: str(one(window, "title")), detail: [type, note].filter(Boolean).join(" · "), bounds: rect(one(window, "bounds_in_screen")), children: roots };
}

/** A forest already read into an object (JSON) or from the text format. */
export function forestToTree(forest: unknown): ParseResult {
  if (!isObject(forest)) return { ok: false, message: "The accessibility forest is not an object with `windows`." };
  const windows = many(forest, "windows").filter(isObject);
  if (windows.length === 0) return { ok: false, message: "The accessibility forest has no windows." };
  return { ok: true, tree: { format: "android-forest", roots: assignIds(windows.map(windowDraft)) } };
}

/** Forest JSON begins with its `windows` field; the text format with `windows {`. */
export const FOREST_JSON = /^\{\s*"windows"\s*:/;
export const FOREST_TEXT = /^windows\s*[:{<]/;

export function parseAndroidForest(text: string): ParseResult {
  const body = text.replace(/^\uFEFF/, "").trim();
  if (body.startsWith("{")) {
    try {
      return forestToTree(JSON.parse(body) as unknown);
    } catch (error) {
      return { ok: false, message: `The accessibility forest is not valid JSON: ${(error as Error).message}` };
    }
  }
  const parsed = parseProtoText(body);
  return parsed.ok ? forestToTree(parsed.message) : { ok: false, message: parsed.message };
}
