// The one row-id shape every route, action and page checks: the ids Verity hands out pass it,
// and nothing a URL or a form could carry into a query does.
import { describe, expect, it } from "vitest";
import { ROW_ID_BODY, RowIdSchema, isRowId } from "@/lib/ids/row-id-shape";
import { newRowId } from "@/lib/ids/row-id";

describe("row id shape", () => {
  it("accepts the ids our raw writes and Prisma's cuid() make", () => {
    for (let i = 0; i < 1000; i++) expect(isRowId(newRowId())).toBe(true);
    expect(isRowId("cmcx1k9a80000qz3l8f5y2w1b")).toBe(true); // a cuid as Prisma writes it
    expect(RowIdSchema.parse("abcdefghij")).toBe("abcdefghij");
  });

  it("refuses what is not an id", () => {
    for (const bad of ["short", "a".repeat(41), "ABCDEFGHIJKL", "abcdefghij'--", "abcdefghij\n", " abcdefghijk", "../../etc/passwd", "", null, undefined, 12345678901, ["abcdefghijk"]]) {
      expect(isRowId(bad)).toBe(false);
      expect(RowIdSchema.safeParse(bad).success).toBe(false);
    }
  });

  it("embeds in a larger pattern without anchors of its own", () => {
    const cursor = new RegExp(`^\\d{13}_${ROW_ID_BODY}$`);
    expect(cursor.test(`1764680000000_${newRowId()}`)).toBe(true);
    expect(cursor.test("1764680000000_ABC")).toBe(false);
  });
});
