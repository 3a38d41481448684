// The CSV reader the AgentLab study files go through: RFC 4180 fields (commas, doubled quotes
// and line breaks inside quotes, as pandas writes a stack trace), each row with the line it
// starts on, and a broken row or file reported at its line instead of read half.
import { afterAll, describe, expect, it } from "vitest";
import path from "node:path";
import { csvRows, type CsvEntry } from "@/lib/imports/formats/csv-rows";
import { removeTree, tempTree } from "./trajectories/helpers";

const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await removeTree(root);
});

async function read(text: string): Promise<CsvEntry[]> {
  const root = await tempTree({ "t.csv": text });
  roots.push(root);
  const entries: CsvEntry[] = [];
  for await (const entry of csvRows(path.join(root, "t.csv"))) entries.push(entry);
  return entries;
}

describe("csvRows", () => {
  it("reads quoted commas, doubled quotes and line breaks, with the line each row starts on", async () => {
    const entries = await read('a,b,c\n1,"x, y",z\n2,"Traceback:\n  line ""q""\nValueError",w\n3,,last\n');
    expect(entries).toEqual([
      { header: ["a", "b", "c"] },
      { line: 2, fields: { a: "1", b: "x, y", c: "z" } },
      { line: 3, fields: { a: "2", b: 'Traceback:\n  line "q"\nValueError', c: "w" } },
      { line: 6, fields: { a: "3", b: "", c: "last" } },
    ]);
  });

  it("reads a byte order mark, CRLF line ends and a last row without a line end", async () => {
    const entries = await read("\uFEFFa,b\r\n1,2\r\n3,4");
    expect(entries).toEqual([{ header: ["a", "b"] }, { line: 2, fields: { a: "1", b: "2" } }, { line: 3, fields: { a: "3", b: "4" } }]);
  });

  it("reports a row with another field count at its line, and an unclosed quote where reading stopped", async () => {
    const entries = await read('a,b\n1,2,3\n4,5\n6,"open\n7,8\n');
    expect(entries[1]).toEqual({ line: 2, problem: "the row has 3 fields and the header 2" });
    expect(entries[2]).toEqual({ line: 3, fields: { a: "4", b: "5" } });
    expect(entries.at(-1)).toMatchObject({ line: 4, problem: expect.stringMatching(/^not readable as CSV from here on/) });
  });
});
