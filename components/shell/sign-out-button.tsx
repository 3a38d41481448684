"use client";

import { signOut } from "next-auth/react";
import { useT } from "@/components/i18n/i18n-provider";

// "Sign out everywhere" is next-auth's own sign-out (with its CSRF token) plus ?everywhere=1,
// which also ends this user's sessions in every other browser (app/api/auth/[...nextauth]).
async function signOutEverywhere() {
  const { csrfToken } = (await (await fetch("/api/auth/csrf")).json()) as { csrfToken: string };
  await fetch("/api/auth/signout?everywhere=1", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: "/login", json: "true" }),
  });
  window.location.assign("/login");
}

export function SignOutButton() {
  const t = useT();
  return (
    <div className="flex items-center gap-2">
      <button type="button" onClick={() => signOut({ callbackUrl: "/login" })}
        className="whitespace-nowrap rounded-md border border-slate-300 px-3 py-1 text-slate-700 hover:bg-slate-50">
        {t("shell.signOut")}
      </button>
      <button type="button" onClick={signOutEverywhere} title={t("shell.signOutEverywhereHint")}
        className="whitespace-nowrap rounded-md px-2 py-1 text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline">
        {t("shell.signOutEverywhere")}
      </button>
    </div>
  );
}
