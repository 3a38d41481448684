import Link from "next/link";
import { LanguageMenu } from "@/components/shell/language-menu";
import { ProjectSwitcher } from "@/components/shell/project-switcher";
import { SignOutButton } from "@/components/shell/sign-out-button";
import { getT } from "@/lib/i18n/server";

type Props = {
  user: { name: string; email: string; isOwner: boolean };
  projects: { slug: string; name: string }[];
};

export async function AppHeader({ user, projects }: Props) {
  const { t } = await getT();
  // Links to /projects are not prefetched: the prefetch is a server render, and on a review
  // screen it came with every page load, beside the item's own reads (issue 38's bench).
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center gap-6 px-6 py-3">
        <Link href="/projects" prefetch={false} className="text-lg font-semibold tracking-tight text-slate-900">
          Verity
        </Link>
        <ProjectSwitcher projects={projects} />
        <nav className="flex items-center gap-4 text-sm">
          <Link href="/projects" prefetch={false} className="whitespace-nowrap text-slate-700 hover:text-slate-900">{t("shell.projects")}</Link>
          {user.isOwner && <Link href="/admin/users" className="whitespace-nowrap text-slate-700 hover:text-slate-900">{t("shell.users")}</Link>}
        </nav>
        <div className="ml-auto flex items-center gap-3 text-sm">
          <LanguageMenu />
          <span className="whitespace-nowrap text-slate-600" title={user.email}>
            {user.name}
            {user.isOwner && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">{t("shell.owner")}</span>}
          </span>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
