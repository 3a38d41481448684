import "server-only";
// An .xlsx laid out as pandas' `DataFrame.to_excel(path)` lays it out, which is how
// AndroidLab's generate_result.py writes output.xlsx and output_detail.xlsx: one sheet
// "Sheet1"; row 1 a blank cell over the index, then the column names; each row its integer
// index (0, 1, ...) then the values. Header and index cells are bold with a thin border and
// the header centred, as pandas' default header style. Numbers are written as numbers (the
// full double, no rounding: generate_result.py rounds nothing). Written with write-excel-file
// (see README: why this writer).
import writeXlsxFile from "write-excel-file/node";
import type { Cell, SheetData } from "write-excel-file/node";

export type FrameValue = string | number | null;

export async function pandasXlsx(columns: readonly string[], rows: readonly (readonly FrameValue[])[]): Promise<Buffer> {
  const header: Cell[] = [null, ...columns.map((name) => ({ value: name, fontWeight: "bold" as const, borderStyle: "thin" as const, align: "center" as const }))];
  const body: Cell[][] = rows.map((row, index) => [
    { value: index, type: Number, fontWeight: "bold" as const, borderStyle: "thin" as const },
    ...row.map((v): Cell => (v === null ? null : typeof v === "number" ? { value: v, type: Number } : { value: v, type: String })),
  ]);
  const data: SheetData = [header, ...body];
  return writeXlsxFile(data, { sheet: "Sheet1" }).toBuffer();
}
