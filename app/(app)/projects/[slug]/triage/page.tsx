import { titled } from "@/lib/i18n/server";
import { TriageScreen } from "@/components/triage/triage-screen";
import { db } from "@/lib/db";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { projectPageAccess } from "@/lib/projects/page-access";
import { listTriageCandidates } from "@/lib/triage/triage-candidates";
import { listDeciders, listTriageQueues } from "@/lib/triage/triage-queues";
import { itemsWithVerdictChanges } from "@/lib/triage/verdict-changes";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled("project.triage");

// Deciding about judges is a reviewer's job: annotators get 403.
export default async function TriagePage({ params, searchParams }: Props) {
  const { slug } = await params;
  const { project, access } = await projectPageAccess(slug, "reviewer");
  const query = await searchParams;
  const [{ candidates, decided }, queues, deciders, verdictChanges] = await Promise.all([
    listTriageCandidates(db(), project),
    listTriageQueues(db(), project.id, access.user.id),
    listDeciders(db(), project.id),
    itemsWithVerdictChanges(db(), project.id),
  ]);
  const done = queues.find((q) => q.id === query.done);
  return (
    <TriageScreen project={project} userId={access.user.id} candidates={candidates} decided={decided} margin={ProjectSettingsSchema.parse(project.settings).triageMargin}
      queues={queues} deciders={deciders} verdictChanges={verdictChanges} doneQueue={done?.name ?? null} today={new Date().toISOString().slice(0, 10)} />
  );
}
