// Which templates a run is started with, and what a run records of them.
// A preset of a run task is a run's template unless it is only a stage of another: WebJudge
// asks its key-points and key-screenshot questions on the way to its outcome question, whose
// verdict is what the run writes; asked alone they would write nothing. So a WebJudge run is
// started with webjudge-outcome, and the two stage templates go with it.
// A run with stages records them inside its stored template (ModelRun.template.stages: each
// stage's full text, id, version and hash), beside its own id, version and hash in their
// columns: the text of every question it asked can be shown again, and each stage's replies
// are cached under that stage's own hash. The verdicts carry only the outcome template's id and
// version (runPromptVersion), so a stage asked in new words needs a new version of the outcome
// template too (tests/unit/models/runs/run-templates.test.ts pins the pairing).
// Pure.
import { z } from "zod";
import { presetsFor } from "@/lib/models/templates/presets";
import { PromptTemplateSchema, type PromptTemplate } from "@/lib/models/templates/prompt-template";
import { templateHash } from "@/lib/models/templates/template-hash";
import { WEBJUDGE_KEY_POINTS, WEBJUDGE_KEY_SCREENSHOT, WEBJUDGE_OUTCOME } from "@/lib/models/templates/webjudge-presets";
import type { RunTask } from "@/lib/models/runs/run-tasks";

export type WebJudgeStages = { keyPoints: PromptTemplate; keyScreenshot: PromptTemplate };
/** A stage as a run uses it: the recorded text and the hash its replies are cached under. */
export type RecordedStage = { template: PromptTemplate; hash: string };

const STAGES_OF: Readonly<Record<string, WebJudgeStages>> = {
  [WEBJUDGE_OUTCOME.id]: { keyPoints: WEBJUDGE_KEY_POINTS, keyScreenshot: WEBJUDGE_KEY_SCREENSHOT },
};

/** The run template whose stage this template is, or null when it is not a stage. */
export function stageOf(templateId: string): string | null {
  const entry = Object.entries(STAGES_OF).find(([, stages]) => stages.keyPoints.id === templateId || stages.keyScreenshot.id === templateId);
  return entry ? entry[0] : null;
}

/** The stage templates a run of this template asks first, or null for a one-question template. */
export const stagesOf = (templateId: string): WebJudgeStages | null => STAGES_OF[templateId] ?? null;

/** The presets a run of this task can be started with, in the presets' order. */
export const runTemplatesFor = (task: RunTask): PromptTemplate[] => presetsFor(task).filter((p) => stageOf(p.id) === null);

const StoredStageSchema = PromptTemplateSchema.extend({ hash: z.string().regex(/^[0-9a-f]{64}$/) });
const StoredRunTemplateSchema = PromptTemplateSchema.extend({
  stages: z.object({ keyPoints: StoredStageSchema, keyScreenshot: StoredStageSchema }).optional(),
});

/** What ModelRun.template holds for a run of this template. */
export function runTemplateRecord(template: PromptTemplate): PromptTemplate & { stages?: Record<keyof WebJudgeStages, PromptTemplate & { hash: string }> } {
  const stages = stagesOf(template.id);
  if (!stages) return template;
  return {
    ...template,
    stages: {
      keyPoints: { ...stages.keyPoints, hash: templateHash(stages.keyPoints) },
      keyScreenshot: { ...stages.keyScreenshot, hash: templateHash(stages.keyScreenshot) },
    },
  };
}

/** A run's recorded template and, for a run with stages, the stages it recorded. */
export function readRunTemplate(stored: unknown): { template: PromptTemplate; stages: Record<keyof WebJudgeStages, RecordedStage> | null } {
  const { stages, ...template } = StoredRunTemplateSchema.parse(stored);
  if (!stages) return { template, stages: null };
  const recorded = ({ hash, ...text }: z.infer<typeof StoredStageSchema>): RecordedStage => ({ template: text, hash });
  return { template, stages: { keyPoints: recorded(stages.keyPoints), keyScreenshot: recorded(stages.keyScreenshot) } };
}
