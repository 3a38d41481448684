import { describe, expect, it } from "vitest";
import { rowMaker } from "@/lib/db/sql-reader";

// What the driver's own row objects hold: each column's value under its name, in column
// order, a later column of a repeated name winning (its key keeps the first place).
function keyByKey(columns: readonly string[], values: readonly unknown[]) {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i];
  return row;
}

describe("rowMaker", () => {
  it("makes the object a key-by-key build makes, whatever the column names", () => {
    const columns = ["id", 'say "hi"', "back\\slash", "line\u2028sep", "é中", "constructor", "", "id", "faId", "0", "n-1"];
    const values = ["s1", 1, null, { a: 1 }, 2.5, "c", true, "s1-again", null, 7, 1n];
    const made = rowMaker(columns)(values);
    expect(Object.entries(made)).toEqual(Object.entries(keyByKey(columns, values)));
    expect(made.id).toBe("s1-again");
    expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
  });

  it("keeps a column named __proto__ as the key-by-key build does, without running it as code", () => {
    const columns = ["__proto__", "x"];
    const made = rowMaker(columns)(["value", 1]);
    expect(Object.entries(made)).toEqual(Object.entries(keyByKey(columns, ["value", 1])));
    // A name that is code in a literal stays a plain key.
    const tricky = ['a": 1, "b', "}; throw new Error('ran'); ({"];
    expect(Object.keys(rowMaker(tricky)([1, 2]))).toEqual(tricky);
  });

  it("builds one maker per statement that serves every row", () => {
    const rowOf = rowMaker(["a", "b"]);
    expect([[1, 2], [3, 4]].map(rowOf)).toEqual([{ a: 1, b: 2 }, { a: 3, b: 4 }]);
  });
});
