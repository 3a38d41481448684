import "server-only";
// The order of the sample list, and walking it one keyset page (or one neighbour) at a time:
// by import order (id), or by a column with id as the tie-break. A nullable column (app, score)
// is walked in two phases, its values first and then its empty rows by id, so the order and the
// cursor are the same on SQLite and PostgreSQL (which put NULL at opposite ends) and a page
// never needs an OFFSET. The cursor is opaque to the URL (base64url of the last row's value
// and id), validated when read back.
import { z } from "zod";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { SampleSort } from "@/lib/samples/sample-filters";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

export type SortDirection = "asc" | "desc";

type Column = "instruction" | "sourceId" | "app" | "qualityScore" | "predictionsCorrect";
const COLUMNS: Record<Exclude<SampleSort, "import">, { column: Column; nullable: boolean }> = {
  instruction: { column: "instruction", nullable: false },
  source: { column: "sourceId", nullable: false },
  app: { column: "app", nullable: true },
  score: { column: "qualityScore", nullable: true },
  hits: { column: "predictionsCorrect", nullable: false },
};

export type SortCursor = { v: string | number | null; id: string };
const CursorSchema = z.object({ v: z.union([z.string().max(2000), z.number(), z.null()]), id: RowIdSchema });

export function encodeSortCursor(cursor: SortCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

/** The cursor of a sorted list, or null when the text is not one this list gave out. */
export function decodeSortCursor(text: string): SortCursor | null {
  try {
    const parsed = CursorSchema.safeParse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

type Order = { sort: SampleSort; dir: SortDirection };
type Select = Prisma.GroundingSampleSelect;
type Row = { id: string } & Record<string, unknown>;

/** The value of a row that its cursor carries. */
export function sortValueOf(order: Order, row: Row): string | number | null {
  if (order.sort === "import") return null;
  return (row[COLUMNS[order.sort].column] as string | number | null | undefined) ?? null;
}

/** Walks `take` rows after `cursor` (or before it, `backwards`), in the list's order. */
export async function walkSamples<S extends Select>(
  db: Db,
  where: Prisma.GroundingSampleWhereInput,
  order: Order,
  cursor: SortCursor | null,
  take: number,
  select: S,
  backwards = false,
): Promise<Prisma.GroundingSampleGetPayload<{ select: S }>[]> {
  // The sort column is always read: the caller's cursor is made from it (sortValueOf).
  const sortColumn = order.sort === "import" ? {} : { [COLUMNS[order.sort].column]: true };
  const find = (w: Prisma.GroundingSampleWhereInput, orderBy: Prisma.GroundingSampleOrderByWithRelationInput[], n: number) =>
    n > 0 ? db.groundingSample.findMany({ where: { AND: [where, w] }, orderBy, take: n, select: { ...select, ...sortColumn, id: true } as Select }) : Promise.resolve([]);
  // Walking backwards is walking forwards in the opposite order.
  const flip = (d: SortDirection): SortDirection => (backwards ? (d === "asc" ? "desc" : "asc") : d);
  const idDir = flip("asc");
  const idAfter = (id: string) => ({ id: idDir === "asc" ? { gt: id } : { lt: id } });
  if (order.sort === "import") return find(cursor ? idAfter(cursor.id) : {}, [{ id: idDir }], take) as never;

  const { column, nullable } = COLUMNS[order.sort];
  const dir = flip(order.dir);
  const valueAfter = (v: string | number) => ({
    OR: [{ [column]: dir === "asc" ? { gt: v } : { lt: v } }, { [column]: v, ...idAfter(cursor!.id) }],
  });
  const byValue = [{ [column]: dir }, { id: idDir }] as Prisma.GroundingSampleOrderByWithRelationInput[];
  const byId = [{ id: idDir }] as Prisma.GroundingSampleOrderByWithRelationInput[];
  // Forwards the values come first, then the empty rows; backwards the other way round.
  const valuesPhase = async (n: number) => find(cursor && cursor.v !== null ? valueAfter(cursor.v) : nullable ? { [column]: { not: null } } : {}, byValue, n);
  const nullsPhase = async (n: number) => find({ [column]: null, ...(cursor && cursor.v === null ? idAfter(cursor.id) : {}) }, byId, n);
  // A column that is never empty has no null phase: a cursor claiming one points past the end.
  if (!nullable) return (cursor !== null && cursor.v === null ? [] : await valuesPhase(take)) as never;
  const inNulls = cursor !== null && cursor.v === null;
  if (!backwards) {
    const values = inNulls ? [] : await valuesPhase(take);
    return [...values, ...(await nullsPhase(take - values.length))] as never;
  }
  const nulls = inNulls || cursor === null ? await nullsPhase(take) : [];
  const values = nulls.length < take ? await find(cursor && cursor.v !== null ? valueAfter(cursor.v) : { [column]: { not: null } }, byValue, take - nulls.length) : [];
  return [...nulls, ...values] as never;
}
