import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { AppHeader } from "@/components/shell/app-header";
import { currentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { listProjectNamesFor } from "@/lib/projects/projects";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  if (!user) redirect("/login");
  const projects = await listProjectNamesFor(db(), user);
  return (
    <div className="min-h-screen">
      <AppHeader user={user} projects={projects} />
      <main className="mx-auto max-w-6xl px-6 py-8">{children}</main>
    </div>
  );
}
