import { titled } from "@/lib/i18n/server";
import { notFound } from "next/navigation";
import { GroupViewScreen } from "@/components/trajectories/group-view-screen";
import { db } from "@/lib/db";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { projectPageAccess } from "@/lib/projects/page-access";
import { loadGroup } from "@/lib/trajectories/group-view";

type Props = { params: Promise<{ slug: string; groupKey: string }> };

export const generateMetadata = titled("group.pageTitle");

export default async function GroupPage({ params }: Props) {
  const { slug, groupKey } = await params;
  // Reviewers: the group shows verified verdicts, which would give honeypots away.
  const { project } = await projectPageAccess(slug, "reviewer");
  const key = decodeURIComponent(groupKey);
  if (key.length > 300) notFound();
  const settings = ProjectSettingsSchema.parse(project.settings);
  const group = await loadGroup(db(), project.id, key);
  if (group.rollouts.length === 0) notFound();
  return <GroupViewScreen project={project} group={group} settings={settings.rewards} />;
}
