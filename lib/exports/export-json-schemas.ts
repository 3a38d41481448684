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
import { EvaluationCsvRowSchema, EvaluationResultsSchema } from "@/lib/exports/formats/evaluation";
import { SwiftGroundingRowSchema } from "@/lib/exports/formats/grounding-swift";
import { VerlGroundingRowSchema } from "@/lib/exports/formats/grounding-verl";
import { DiscardListSchema, SharegptGoldRowSchema, SharegptRewriteRowSchema } from "@/lib/exports/formats/mid-training";
import { NavigationRowSchema } from "@/lib/exports/formats/navigation";
import { OnlineRlRowSchema } from "@/lib/exports/formats/online-rl";
import { SnapshotManifestSchema } from "@/lib/exports/snapshot-manifest";

const SCHEMAS: Record<string, { title: string; schema: z.ZodType }> = {
  "grounding-swift.schema.json": { title: "Verity export: ms-swift / EasyR1 grounding row", schema: SwiftGroundingRowSchema },
  "grounding-verl.schema.json": { title: "Verity export: verl grounding row (parquet)", schema: VerlGroundingRowSchema },
  "navigation.schema.json": { title: "Verity export: offline-RL navigation step row", schema: NavigationRowSchema },
  "online-rl.schema.json": { title: "Verity export: online-RL trajectory row", schema: OnlineRlRowSchema },
  "mid-training-gold.schema.json": { title: "Verity export: mid-training gold row (sharegpt)", schema: SharegptGoldRowSchema },
  "mid-training-rewrite.schema.json": { title: "Verity export: mid-training rewrite row (sharegpt)", schema: SharegptRewriteRowSchema },
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
        ...z.toJSONSchema(schema, { io: "output" }),
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
