import "server-only";
// An export job's parameters, and the one question asked of running exports: does this pool
// have one queued or running? (Export jobs per project are few; their params are JSON, read
// here rather than filtered in SQL, whose JSON operators differ between the providers.)
import { z } from "zod";
import type { Db } from "@/lib/db";

export const ExportModeSchema = z.enum(["full", "incremental"]);
export type ExportMode = z.infer<typeof ExportModeSchema>;
export const ExportJobParamsSchema = z.object({ poolId: z.string().min(1).max(40), mode: ExportModeSchema });
export type ExportJobParams = z.infer<typeof ExportJobParamsSchema>;

type JobReader = Pick<Db, "job">;

/** The queued or running export job of a pool, if any. */
export async function activeExportJob(db: JobReader, projectId: string, poolId: string) {
  const jobs = await db.job.findMany({ where: { projectId, kind: "export", status: { in: ["queued", "running"] } }, select: { id: true, status: true, params: true } });
  return jobs.find((j) => ExportJobParamsSchema.safeParse(j.params).data?.poolId === poolId) ?? null;
}

