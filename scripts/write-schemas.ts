// Writes the JSON Schemas that document the import and export formats, from their zod
// definitions: npm run schemas. A unit test fails when the committed files are stale.
import { writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { verityJsonSchema } from "@/lib/imports/formats/verity/verity-schema";
import { writeExportJsonSchemas } from "@/lib/exports/export-json-schemas";

const dir = path.resolve(import.meta.dirname, "../schemas");
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "verity-import.schema.json"), `${JSON.stringify(verityJsonSchema(), null, 2)}\n`);
console.log("wrote schemas/verity-import.schema.json");
writeExportJsonSchemas();
console.log("wrote schemas/exports/*.schema.json");
