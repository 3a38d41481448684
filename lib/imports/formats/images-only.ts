// An upload of images alone (a folder or zip with no records file): each image completes the
// samples and steps imported earlier without it, matched by their image reference.
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { FormatParser, ParsedItem, ParserInput } from "@/lib/imports/records";

const IMAGE = /\.(png|jpe?g|webp)$/i;

async function* walk(root: string, dir = ""): AsyncGenerator<string> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith(".")) continue;
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(root, relative);
    else if (entry.isFile() && IMAGE.test(entry.name)) yield relative;
  }
}

export const imagesOnlyParser: FormatParser = {
  id: "images",
  label: "Images only (complete records imported without their images)",
  async detect(input: ParserInput) {
    if (input.file) return false;
    for await (const _ of walk(input.root)) return true;
    return false;
  },
  async *parse(input: ParserInput): AsyncGenerator<ParsedItem> {
    for await (const file of walk(input.root)) yield { type: "image", location: { file, line: null }, path: file };
  },
};
