// The JSON Schemas of the export rows and the snapshot manifest, generated from their zod
// definitions (the single source), keyed by their file name under schemas/exports/.
// A unit test fails when the committed files are stale; regenerate them with:
//   node --conditions=react-server --import tsx -e \
//     'import("./lib/exports/export-json-schemas.ts").then((m) => m.default.writeExportJsonSchemas())'
// (`m.default`: the package is CommonJS, so tsx loads this file as CJS.)
import "server-only";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { EvaluationCsvRowSchema, EvaluationResultsSchema } from "@/lib/runs/corrected-table-format";
import {
  ChangeLineSchema,
  DiscardListSchema,
  EasyR1RowSchema,
  GroundingTruthSchema,
  HfDatasetsRowSchema,
  LlamaFactoryRowSchema,
  MsSwiftRowSchema,
  NavigationTruthSchema,
  VerlRowSchema,
} from "@/lib/exports/profiles/row-schemas";
import { SnapshotManifestSchema } from "@/lib/exports/snapshot-manifest";

const SCHEMAS: Record<string, { title: string; schema: z.ZodType }> = {
  "verl-row.schema.json": { title: "Verity export: verl row (parquet)", schema: VerlRowSchema },
  "easyr1-row.schema.json": { title: "Verity export: EasyR1 row", schema: EasyR1RowSchema },
  "ms-swift-row.schema.json": { title: "Verity export: ms-swift row (JSONL)", schema: MsSwiftRowSchema },
  "llama-factory-row.schema.json": { title: "Verity export: LLaMA-Factory sharegpt row (JSONL)", schema: LlamaFactoryRowSchema },
  "hf-datasets-row.schema.json": { title: "Verity export: Hugging Face datasets row (parquet)", schema: HfDatasetsRowSchema },
  "grounding-truth.schema.json": { title: "Verity export: ground truth of a grounding row", schema: GroundingTruthSchema },
  "navigation-truth.schema.json": { title: "Verity export: ground truth of a navigation row", schema: NavigationTruthSchema },
  "changes-line.schema.json": { title: "Verity export: a line of changes.jsonl", schema: ChangeLineSchema },
  "mid-training-discard.schema.json": { title: "Verity export: mid-training discard id list", schema: DiscardListSchema },
  "evaluation-results.schema.json": { title: "Verity export: evaluation run, corrected results (JSON)", schema: EvaluationResultsSchema },
  "evaluation-csv-row.schema.json": { title: "Verity export: evaluation run, one row of the corrected results CSV", schema: EvaluationCsvRowSchema },
  "snapshot-manifest.schema.json": { title: "Verity pool snapshot manifest.json", schema: SnapshotManifestSchema },
};

export function exportJsonSchemas(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(SCHEMAS).map(([file, { title, schema }]) => [
      file,
      {
        $id: `https://verity.local/schemas/exports/${file}`,
        title,
        // "output": the rows as written (an export's consumer reads what we produce).
        ...z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }),
      },
    ]),
  );
}

export function writeExportJsonSchemas(dir = path.resolve("schemas/exports")): void {
  mkdirSync(dir, { recursive: true });
  for (const [file, schema] of Object.entries(exportJsonSchemas())) {
    writeFileSync(path.join(dir, file), `${JSON.stringify(schema, null, 2)}\n`);
  }
}
