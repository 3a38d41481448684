// What starts an import, from the screen, the API or the CLI: validated here once.
import { z } from "zod";
import { ContractChoiceSchema } from "@/lib/imports/contract-choice";

export { ContractChoiceSchema };

/** The model a results file's answers are from, when the file does not say (--model). */
export const ModelNameSchema = z.string().trim().min(1).max(200);

export const ImportSourceSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("staging"), stagingId: z.string().regex(/^[a-f0-9]{24}$/) }),
  z.object({ kind: z.literal("server"), path: z.string().min(1).max(4096) }),
]);

/** What a re-import does to a verified item whose inputs it changes (lib/imports/write/verified-change.ts). */
export const OnVerifiedChangeSchema = z.enum(["reopen", "keep"]);

export const ImportRequestSchema = z.object({
  source: ImportSourceSchema,
  format: z.string().regex(/^[a-z0-9-]{1,64}$/).optional(),
  contract: ContractChoiceSchema.optional(),
  model: ModelNameSchema.optional(),
  onVerifiedChange: OnVerifiedChangeSchema.optional(),
});
export type ImportRequest = z.infer<typeof ImportRequestSchema>;

/** Stored in the job row: the request with the source resolved to a path on disk. `confine`:
 * where the target must still be, by its real path, when the job runs (a folder swapped for a
 * symlink after queueing imports nothing); `staging`: the upload dir to delete when the job ends. */
export const ImportJobParamsSchema = z.object({
  target: z.string().min(1),
  scratch: z.string().min(1),
  confine: z.enum(["import-roots", "staging"]).optional(),
  staging: z.string().optional(),
  format: z.string().optional(),
  contract: ContractChoiceSchema.optional(),
  model: ModelNameSchema.optional(),
  images: z.string().optional(),
  onVerifiedChange: OnVerifiedChangeSchema.optional(),
});
export type ImportJobParams = z.infer<typeof ImportJobParamsSchema>;
