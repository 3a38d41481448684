// The shape of every row id Verity hands out (Prisma's cuid() and newRowId in lib/ids/row-id.ts):
// what a route, an action or a page checks before an id from a URL, a form or a JSON body reaches a
// query. One definition, so a change of id scheme is one edit, not twenty.
import { z } from "zod";

/** The id's characters and length, without anchors: for patterns that embed an id (cursors). */
export const ROW_ID_BODY = "[a-z0-9]{10,40}";
/** Anchored, as a string: for JSON Schema (OpenAPI `pattern`). */
export const ROW_ID_PATTERN = `^${ROW_ID_BODY}$`;
export const ROW_ID = new RegExp(ROW_ID_PATTERN);
export const RowIdSchema = z.string().regex(ROW_ID);

export function isRowId(value: unknown): value is string {
  return typeof value === "string" && ROW_ID.test(value);
}
