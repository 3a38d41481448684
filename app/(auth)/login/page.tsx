import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { currentUser } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { safeCallbackPath } from "@/lib/auth/callback-path";

export const metadata: Metadata = { title: "Sign in" };

type Props = { searchParams: Promise<{ callbackUrl?: string; error?: string }> };

export default async function LoginPage({ searchParams }: Props) {
  const { callbackUrl, error } = await searchParams;
  const next = safeCallbackPath(callbackUrl);
  if (await currentUser()) redirect(next);
  const oidcName = env().VERITY_OIDC_ISSUER ? env().VERITY_OIDC_NAME : null;
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-semibold">Verity</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600">Sign in to verify GUI-agent data.</p>
        <LoginForm callbackPath={next} oidcName={oidcName} initialError={error ? "Sign-in failed. Try again." : null} />
      </div>
    </main>
  );
}
