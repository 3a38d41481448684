import type { Metadata } from "next";
import { ProjectCards } from "@/components/projects/project-cards";
import { CreateProjectForm } from "@/components/admin/create-project-form";
import { requireUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { listProjectsFor } from "@/lib/projects/projects";

export const metadata: Metadata = { title: "Projects" };

export default async function ProjectsPage() {
  const user = await requireUser();
  const projects = await listProjectsFor(db(), user);
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold">Projects</h1>
      <ProjectCards projects={projects} />
      {user.isOwner && <CreateProjectForm />}
    </div>
  );
}
