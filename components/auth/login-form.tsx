"use client";

import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { useT } from "@/components/i18n/i18n-provider";

type Props = { callbackPath: string; oidcName: string | null; initialError: string | null };

export function LoginForm({ callbackPath, oidcName, initialError }: Props) {
  const [error, setError] = useState<string | null>(initialError);
  const [pending, setPending] = useState(false);
  const t = useT();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const result = await signIn("credentials", {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      redirect: false,
    });
    if (result?.ok && !result.error) {
      // A full navigation so the server renders with the new session cookie.
      window.location.assign(callbackPath);
      return;
    }
    setPending(false);
    setError(result?.error && result.error !== "CredentialsSignin" ? result.error : t("login.wrongPassword"));
  }

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} className="space-y-4" aria-label={t("login.signIn")}>
        <label className="block text-sm font-medium">
          {t("login.email")}
          <input name="email" type="email" autoComplete="username" required autoFocus
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base" />
        </label>
        <label className="block text-sm font-medium">
          {t("login.password")}
          <input name="password" type="password" autoComplete="current-password" required
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base" />
        </label>
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <button type="submit" disabled={pending}
          className="w-full rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60">
          {pending ? t("login.signingIn") : t("login.signIn")}
        </button>
      </form>
      {oidcName && (
        <button type="button" onClick={() => signIn("oidc", { callbackUrl: callbackPath })}
          className="w-full rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50">
          {t("login.signInWith", { provider: oidcName })}
        </button>
      )}
    </div>
  );
}
