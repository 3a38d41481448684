import "server-only";
// Rows of our models read by raw SQL (lib/db/sql-exec.ts), decoded into the objects Prisma's
// own reads return: dates from SQLite's ISO text, booleans from its 0/1, JSON from its text.
// For the reads a review screen makes on every item (issue 38): a profile of the screen-data
// route on PostgreSQL spent over half its time in Prisma's query compiler (every call compiles
// its query again), and each relation Prisma includes costs a statement of its own, where one
// join does. The columns and their types come from the generated client's data model, so a
// column added to prisma/models.prisma is read and decoded here without a second list
// (tests/db/model-rows.test.ts compares these rows with Prisma's for the same records).
import { databaseUrlOf, providerOf, type Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { asDate, asJson } from "@/lib/db/sql-reader";

export type ModelName = Prisma.ModelName;

type Field = { name: string; kind: string; type: string };
type RuntimeModels = { models: Record<string, { fields: Field[] }> };
type Shape = { columns: string[]; decode: Map<string, (value: unknown) => unknown> };

const nullableBool = (value: unknown) => (value === null || value === undefined ? null : value === true || value === 1 || value === 1n);

// node-postgres hands PostgreSQL's values over decoded (dates through lib/db/sql-exec.ts's
// types): there a JSON string stays the string it is. SQLite's come as text, 0/1 and ISO text.
const DECODERS = {
  sqlite: { DateTime: asDate, Boolean: nullableBool, Json: asJson },
  postgres: { DateTime: asDate },
} as Record<"sqlite" | "postgres", Record<string, (value: unknown) => unknown>>;

const shapes = new Map<string, Shape>();

function shapeOf(db: Db, model: ModelName): Shape {
  const provider = providerOf(databaseUrlOf(db));
  const key = `${provider}:${model}`;
  const known = shapes.get(key);
  if (known) return known;
  // The generated client keeps its data model here (@prisma/client 6.19's runtime reads it the same way).
  const runtime = (db as unknown as { _runtimeDataModel?: RuntimeModels })._runtimeDataModel;
  const fields = runtime?.models[model]?.fields;
  if (!fields) throw new Error(`model-rows: the client has no data model for ${model}`);
  const scalars = fields.filter((f) => f.kind === "scalar");
  const shape: Shape = {
    columns: scalars.map((f) => f.name),
    decode: new Map(scalars.flatMap((f) => (DECODERS[provider][f.type] ? [[f.name, DECODERS[provider][f.type]!] as const] : []))),
  };
  shapes.set(key, shape);
  return shape;
}

/**
 * The model's columns for a SELECT over `"Model" alias`. With a prefix, each is named
 * `prefix + column`, so the columns of a joined model sit beside the main one's in one row.
 */
export function modelColumns(db: Db, model: ModelName, alias: string, prefix = ""): string {
  return shapeOf(db, model)
    .columns.map((c) => (prefix ? `${alias}."${c}" AS "${prefix}${c}"` : `${alias}."${c}"`))
    .join(", ");
}

/** A row's model columns (named with `prefix`, as modelColumns gave them) as Prisma returns the record. */
export function modelOf<T>(db: Db, model: ModelName, row: Record<string, unknown>, prefix = ""): T {
  const { columns, decode } = shapeOf(db, model);
  const out: Record<string, unknown> = {};
  for (const column of columns) {
    const value = row[prefix + column];
    const decoder = decode.get(column);
    out[column] = decoder ? decoder(value) : value;
  }
  return out as T;
}
