import "server-only";
// Loads WebVoyager task lists (`data/tasks_test.jsonl` and the like: one `{web_name, id, ques,
// web}` per line) found at the import root. They are a lookup table for the goal and the site
// of each `task<id>/` folder, not records: unused entries are not reported, malformed lines are.
// A list has at most a few thousand short lines, so the table is held in memory.
import path from "node:path";
import { z } from "zod";
import type { Rejection } from "@/lib/imports/records";
import { jsonLines } from "@/lib/imports/formats/jsonl-lines";
import { listFiles, relativeToRoot } from "@/lib/imports/formats/trajectories/source-files";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";

const TaskSchema = z.object({
  id: z.string().min(1),
  web_name: z.string().optional(),
  ques: z.string(),
  web: z.string().optional(),
});
export type WebVoyagerTask = z.infer<typeof TaskSchema>;

export type TaskList = { tasks: Map<string, WebVoyagerTask>; rejections: Rejection[] };

export async function loadWebVoyagerTasks(root: string): Promise<TaskList> {
  const tasks = new Map<string, WebVoyagerTask>();
  const rejections: Rejection[] = [];
  for (const name of (await listFiles(root)).filter((n) => n.endsWith(".jsonl"))) {
    const abs = path.join(root, name);
    for await (const entry of jsonLines(abs)) {
      const location = { file: relativeToRoot(root, abs), line: entry.line };
      if ("error" in entry) {
        rejections.push({ type: "rejected", location, reason: entry.error });
        continue;
      }
      const parsed = TaskSchema.safeParse(entry.value);
      if (parsed.success) tasks.set(parsed.data.id, parsed.data);
      else rejections.push({ type: "rejected", location, reason: `not a WebVoyager task: ${describeZodError(parsed.error)}` });
    }
  }
  return { tasks, rejections };
}
