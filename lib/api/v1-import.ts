import "server-only";
// /api/v1 imports: the request body becomes the single file of a new staging upload, then
// the same job as the import screen's runs on it.
import { AppError } from "@/lib/errors";
import { parserById } from "@/lib/imports/formats/registry";
import { startImport } from "@/lib/api/import-api";
import { createStaging, writeStagedFile } from "@/lib/imports/staging";
import type { ContractChoice } from "@/lib/imports/contract-choice";
import type { OnVerifiedChange } from "@/lib/imports/write/verified-change";
import { db } from "@/lib/db";
import { assertCanQueue } from "@/lib/jobs/jobs";

export async function importFromRequestBody(
  projectId: string,
  userId: string,
  format: string,
  body: ReadableStream<Uint8Array>,
  options: { model?: string; contract?: ContractChoice; onVerifiedChange?: OnVerifiedChange; declaredBytes?: number | null } = {},
) {
  const parser = parserById(format);
  if (!parser) throw new AppError("invalid_input", `unknown format ${format}`);
  // Refused before the body is stored, not after.
  await assertCanQueue(db(), projectId);
  const stagingId = await createStaging(projectId);
  const fileName = format === "verity-jsonl" ? "records.jsonl" : "records.json";
  await writeStagedFile(projectId, stagingId, fileName, body, options.declaredBytes ?? null);
  return startImport(projectId, userId, { source: { kind: "staging", stagingId }, format, model: options.model, contract: options.contract, onVerifiedChange: options.onVerifiedChange });
}
