import { ProjectSettingsForm } from "@/components/admin/project-settings-form";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { projectPageAccess } from "@/lib/projects/page-access";
import { activeRederive } from "@/lib/derived/rederive-job";
import { db } from "@/lib/db";
import { titled } from "@/lib/i18n/server";

type Props = { params: Promise<{ slug: string }> };

export const generateMetadata = titled("settings.title");

export default async function SettingsPage({ params }: Props) {
  const { slug } = await params;
  const { project } = await projectPageAccess(slug, "admin");
  const recompute = await activeRederive(db(), project.id);
  return <ProjectSettingsForm project={project} settings={ProjectSettingsSchema.parse(project.settings)} recompute={recompute} />;
}
