"use client";
// The header's language menu. The choice is a cookie (lib/i18n/locales.ts) read by the
// server on the next render, so it also holds on the sign-in page after signing out.
import { useRouter } from "next/navigation";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES, isLocale } from "@/lib/i18n/locales";

const YEAR_SECONDS = 365 * 24 * 3600;

export function LanguageMenu() {
  const locale = useLocale();
  const t = useT();
  const router = useRouter();
  return (
    <label className="flex items-center gap-1 text-slate-600">
      <span className="sr-only">{t("shell.language")}</span>
      <select value={locale} aria-label={t("shell.language")}
        onChange={(e) => {
          if (!isLocale(e.target.value)) return;
          document.cookie = `${LOCALE_COOKIE}=${e.target.value}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
          router.refresh();
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-700">
        {LOCALES.map((l) => <option key={l} value={l} lang={l}>{LOCALE_NAMES[l]}</option>)}
      </select>
    </label>
  );
}
