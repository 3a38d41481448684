import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { currentUser } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { LanguageMenu } from "@/components/shell/language-menu";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT()).t("login.signIn") };
}

type Props = { searchParams: Promise<{ callbackUrl?: string; error?: string }> };

export default async function LoginPage({ searchParams }: Props) {
  const { callbackUrl, error } = await searchParams;
  const next = safeCallbackPath(callbackUrl);
  if (await currentUser()) redirect(next);
  const { t } = await getT();
  const oidcName = env().VERITY_OIDC_ISSUER ? env().VERITY_OIDC_NAME : null;
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="flex items-start justify-between gap-3">
          <h1 className="text-2xl font-semibold">Verity</h1>
          <LanguageMenu />
        </div>
        <p className="mt-1 mb-6 text-sm text-slate-600">{t("login.tagline")}</p>
        <LoginForm callbackPath={next} oidcName={oidcName} initialError={error ? t("login.failed") : null} />
      </div>
    </main>
  );
}
