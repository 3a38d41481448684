// The corrected results table of a run (corrected-table.ts), as a run's export and evaluation
// pools write it: <run>.csv and <run>.json. These schemas document both files; the CSV's cells
// are the table's text (a cell a spreadsheet would read as a formula starts with a quote).
import { z } from "zod";

const OutcomeSchema = z.enum(["success", "failure"]).nullable().describe("null: unknown (automatic) or not verified / unsure (verified)");

const RateSchema = z.object({
  successes: z.int().min(0),
  n: z.int().min(0),
  interval: z.object({ rate: z.number(), low: z.number(), high: z.number() }).nullable().describe("95% Wilson interval; null when n is 0"),
});

export const EvaluationResultsSchema = z
  .object({
    run: z.object({ id: z.string(), name: z.string(), benchmark: z.string(), model: z.string().nullable() }),
    automaticRate: RateSchema.describe("success rate by the automatic outcome (rule verifier, else judge)"),
    correctedRate: RateSchema.describe("verified successes / verified episodes"),
    unverified: z.int().min(0),
    perApp: z.array(z.object({ app: z.string(), automatic: RateSchema, corrected: RateSchema, episodes: z.int().min(0) })),
    episodes: z.array(
      z.object({
        id: z.string().describe("Verity trajectory id"),
        episode: z.string().describe("the episode's id in its source"),
        goal: z.string(),
        app: z.string().nullable(),
        steps: z.int().min(0),
        automatic: OutcomeSchema.describe("as the checkers reported it (rule verifier, else judge, else the source)"),
        automaticAfterOverrides: OutcomeSchema.describe("the same after a reviewer's override of the verdict it came from"),
        verified: OutcomeSchema,
        changed: z.boolean().describe("the verified outcome differs from the automatic one"),
      }),
    ),
  })
  .describe("evaluation pool: corrected results of one run (JSON)");

export const EVALUATION_CSV_HEADER = ["episode", "goal", "app", "steps", "automatic", "automatic_after_overrides", "verified", "changed"] as const;

export const EvaluationCsvRowSchema = z
  .object({
    episode: z.string(),
    goal: z.string(),
    app: z.string(),
    steps: z.string().regex(/^\d+$/),
    automatic: z.enum(["success", "failure", ""]),
    automatic_after_overrides: z.enum(["success", "failure", ""]),
    verified: z.enum(["success", "failure", ""]),
    changed: z.enum(["yes", "no"]),
  })
  .describe("evaluation pool: one row of <run>.csv (RFC 4180, CRLF; header row first), as text cells");
