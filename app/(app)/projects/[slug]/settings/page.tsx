import type { Metadata } from "next";
import { ProjectSettingsForm } from "@/components/admin/project-settings-form";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { projectPageAccess } from "@/lib/projects/page-access";
import { activeRederive } from "@/lib/derived/rederive-job";
import { db } from "@/lib/db";

type Props = { params: Promise<{ slug: string }> };

export const metadata: Metadata = { title: "Project settings" };

export default async function SettingsPage({ params }: Props) {
  const { slug } = await params;
  const { project } = await projectPageAccess(slug, "admin");
  const recompute = await activeRederive(db(), project.id);
  return <ProjectSettingsForm project={project} settings={ProjectSettingsSchema.parse(project.settings)} recompute={recompute} />;
}
