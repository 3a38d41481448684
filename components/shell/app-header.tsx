import Link from "next/link";
import { ProjectSwitcher } from "@/components/shell/project-switcher";
import { SignOutButton } from "@/components/shell/sign-out-button";

type Props = {
  user: { name: string; email: string; isOwner: boolean };
  projects: { slug: string; name: string }[];
};

export function AppHeader({ user, projects }: Props) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center gap-6 px-6 py-3">
        <Link href="/projects" className="text-lg font-semibold tracking-tight text-slate-900">
          Verity
        </Link>
        <ProjectSwitcher projects={projects} />
        <nav className="flex items-center gap-4 text-sm">
          <Link href="/projects" className="text-slate-700 hover:text-slate-900">Projects</Link>
          {user.isOwner && <Link href="/admin/users" className="text-slate-700 hover:text-slate-900">Users</Link>}
        </nav>
        <div className="ml-auto flex items-center gap-3 text-sm">
          <span className="text-slate-600" title={user.email}>
            {user.name}
            {user.isOwner && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">owner</span>}
          </span>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
