"use server";
// A reviewer's adjudication of a queue item. Answers where to go next: the queue's next item
// awaiting adjudication, or its adjudication list when none is left.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { isAppError } from "@/lib/errors";
import { failureText } from "@/lib/actions/run-action";
import { adjudicateItem, AdjudicationInputSchema } from "@/lib/queues/adjudicate-item";
import { nextAwaitingAdjudication } from "@/lib/queues/adjudication-list";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

// The screens always name the answer versions they showed: a pick on changed answers is refused.
const AdjudicateSchema = z.object({ projectId: RowIdSchema, adjudication: AdjudicationInputSchema.refine((a) => a.shown !== undefined, "the answers shown are missing") });

export type AdjudicateResult = { ok: true; nextUrl: string } | { ok: false; error: string; isConflict: boolean };

export async function adjudicateAction(input: z.input<typeof AdjudicateSchema>): Promise<AdjudicateResult> {
  try {
    const { projectId, adjudication } = AdjudicateSchema.parse(input);
    const access = await requireRole(projectId, "reviewer");
    const { queueId } = await adjudicateItem(db(), access, adjudication);
    const project = await db().project.findUniqueOrThrow({ where: { id: projectId }, select: { slug: true } });
    const next = await nextAwaitingAdjudication(db(), projectId, queueId);
    const base = `/projects/${project.slug}/queues/${queueId}/adjudicate`;
    revalidatePath("/projects", "layout");
    return { ok: true, nextUrl: next ? `${base}/${next}` : `${base}?done=1` };
  } catch (error) {
    return { ok: false, error: await failureText(error), isConflict: isAppError(error) && error.code === "conflict" };
  }
}
