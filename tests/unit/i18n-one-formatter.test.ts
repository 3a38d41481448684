// Issue 17: "numbers formatted one way". Screens format numbers and dates through
// lib/i18n/format.ts only, in the reader's language; a new toLocaleString or ISO slice in
// components/ or app/ fails here. The files listed still do it their old way (their English
// output equals formatNumber's): each one leaves the list when it is converted.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const NOT_YET_CONVERTED = new Set<string>([]);
const HAND_FORMATTED = /\.toLocale(?:Date|Time)?String\(|\.replace\("T", " "\)/;

function sourcesUnder(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourcesUnder(full, found);
    else if (/\.tsx?$/.test(entry.name)) found.push(path.relative(process.cwd(), full).split(path.sep).join("/"));
  }
  return found;
}

describe("one formatter for numbers and dates on screens", () => {
  const files = [...sourcesUnder("components"), ...sourcesUnder("app")];

  it("no screen formats a number or a date by hand", () => {
    const offenders = files.filter((f) => !NOT_YET_CONVERTED.has(f) && HAND_FORMATTED.test(readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
  });

  it("the list of files not converted yet holds only files that still need it", () => {
    const stale = [...NOT_YET_CONVERTED].filter((f) => !files.includes(f) || !HAND_FORMATTED.test(readFileSync(f, "utf8")));
    expect(stale).toEqual([]);
  });
});
