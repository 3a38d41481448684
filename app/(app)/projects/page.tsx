import { ProjectCards } from "@/components/projects/project-cards";
import { CreateProjectForm } from "@/components/admin/create-project-form";
import { requireUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { getT, titled } from "@/lib/i18n/server";
import { listProjectsFor } from "@/lib/projects/projects";

export const generateMetadata = titled("shell.projects");

export default async function ProjectsPage() {
  const user = await requireUser();
  const projects = await listProjectsFor(db(), user);
  const { t } = await getT();
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold">{t("shell.projects")}</h1>
      <ProjectCards projects={projects} />
      {user.isOwner && <CreateProjectForm />}
    </div>
  );
}
