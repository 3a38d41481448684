// A stored UI tree's text to the node model, choosing the parser by what the text is (the
// importers store the file as the source wrote it, without naming its format).
import { parseAndroidLabCompressed, COMPRESSED_HEADER } from "@/lib/ui-tree/androidlab-compressed";
import { FOREST_JSON, FOREST_TEXT, parseAndroidForest } from "@/lib/ui-tree/android-forest";
import { parseAndroidXml } from "@/lib/ui-tree/android-xml";
import type { ParseResult } from "@/lib/ui-tree/node";
import { parseOsworldTable, TABLE_HEADER } from "@/lib/ui-tree/osworld-table";
import { parseOsworldXml } from "@/lib/ui-tree/osworld-xml";
import { parseWebA11yText, parseWebElements } from "@/lib/ui-tree/web-elements";

export function parseUiTree(text: string): ParseResult {
  const body = text.replace(/^\uFEFF/, "").trimStart();
  if (body.startsWith("<")) {
    // uiautomator dumps have a <hierarchy> document element; anything else is AT-SPI's.
    return /^(?:<\?xml[^>]*\?>\s*)?<hierarchy[\s>]/.test(body) ? parseAndroidXml(body) : parseOsworldXml(body);
  }
  if (FOREST_JSON.test(body) || FOREST_TEXT.test(body)) return parseAndroidForest(body);
  if (body.startsWith(COMPRESSED_HEADER)) return parseAndroidLabCompressed(body);
  if (TABLE_HEADER.test(body)) return parseOsworldTable(body);
  if (/^\[\d+\]:/.test(body)) return parseWebElements(body);
  if (/^\[\w+\]\s/.test(body)) return parseWebA11yText(text.replace(/^\uFEFF/, "").replace(/^\s*\n/, ""));
  return { ok: false, message: "The UI tree is in a format Verity does not read (not uiautomator or AT-SPI XML, AndroidLab's compressed text, an Android accessibility forest, OSWorld's table or a web element list)." };
}
