import type { Metadata } from "next";
import { NewQueueForm } from "@/components/queues/new-queue-form";
import { QueueList } from "@/components/queues/queue-list";
import { roleAtLeast } from "@/lib/auth/roles";
import { db } from "@/lib/db";
import { projectPageAccess } from "@/lib/projects/page-access";
import { parseSampleFilter } from "@/lib/samples/sample-filters";
import { parseTrajectoryFilter } from "@/lib/trajectories/trajectory-filters";
import { newQueueData } from "./new-queue-data";
import { listQueueProgress } from "./queue-progress";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { title: "Queues" };

export default async function QueuesPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const { project, access } = await projectPageAccess(slug, "annotator");
  const query = await searchParams;
  const isAdmin = access.role === "owner" || roleAtLeast(access.role, "admin");
  const queues = await listQueueProgress(db(), project.id, access.user.id, isAdmin);
  const done = queues.find((q) => q.id === query.done);
  const initial = { itemType: query.itemType === "trajectory" ? "trajectory" : "sample", sample: parseSampleFilter(query), trajectory: parseTrajectoryFilter(query) } as const;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Queues of {project.name}</h1>
      {done && <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900">Nothing left for you in {done.name}.</p>}
      <QueueList projectId={project.id} queues={queues} isAdmin={isAdmin} />
      {isAdmin && (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">New queue</h2>
          <NewQueueForm projectId={project.id} initial={initial} {...await newQueueData(db(), project.id)} />
        </section>
      )}
    </div>
  );
}
