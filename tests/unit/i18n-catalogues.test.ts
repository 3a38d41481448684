// Both catalogues carry exactly the same keys with the same {placeholders}, the translator
// fills them (numbers formatted for the language) and the language is picked as documented
// in lib/i18n/locales.ts.
import { describe, expect, it } from "vitest";
import { en } from "@/lib/i18n/messages/en";
import { zhCN } from "@/lib/i18n/messages/zh-CN";
import { placeholdersIn, translator } from "@/lib/i18n/translate";
import { localeFromAcceptLanguage, pickLocale } from "@/lib/i18n/locales";
import { formatDate, formatDateTime, formatNumber, formatPercent } from "@/lib/i18n/format";

describe("message catalogues", () => {
  it("have the same keys", () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
  });

  it("have the same placeholders for every key", () => {
    const differing = Object.entries(en)
      .filter(([key, message]) => placeholdersIn(message).join(",") !== placeholdersIn(zhCN[key as keyof typeof en]).join(","))
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it("have no empty message, and the Chinese one is translated", () => {
    expect(Object.entries(zhCN).filter(([, m]) => !m.trim()).map(([k]) => k)).toEqual([]);
    expect(Object.entries(en).filter(([, m]) => !m.trim()).map(([k]) => k)).toEqual([]);
    expect(zhCN["login.signIn"]).toBe("登录");
  });
});

describe("translator", () => {
  it("fills placeholders, formatting numbers for the language", () => {
    expect(translator("en")("login.signInWith", { provider: "Okta" })).toBe("Sign in with Okta");
    expect(translator("zh-CN")("login.signInWith", { provider: "Okta" })).toBe("使用 Okta 登录");
    expect(translator("en")("error.reference", { digest: 1592 })).toBe("reference 1,592");
  });
});

describe("picking the language", () => {
  it("follows Accept-Language by weight, any Chinese to zh-CN, else English", () => {
    expect(localeFromAcceptLanguage("zh-CN,zh;q=0.9,en;q=0.8")).toBe("zh-CN");
    expect(localeFromAcceptLanguage("zh-TW")).toBe("zh-CN");
    expect(localeFromAcceptLanguage("en-US,en;q=0.9")).toBe("en");
    expect(localeFromAcceptLanguage("fr-FR,en;q=0.5,zh;q=0.8")).toBe("zh-CN");
    expect(localeFromAcceptLanguage("de-DE")).toBe("en");
    expect(localeFromAcceptLanguage(undefined)).toBe("en");
    expect(localeFromAcceptLanguage("zh;q=0,en")).toBe("en");
  });

  it("lets the reader's choice win over the browser, ignoring unknown values", () => {
    expect(pickLocale("zh-CN", "en-US")).toBe("zh-CN");
    expect(pickLocale("en", "zh-CN")).toBe("en");
    expect(pickLocale("klingon", "zh-CN")).toBe("zh-CN");
  });
});

describe("formatting", () => {
  const at = new Date("2026-12-01T23:26:05Z");
  it("groups thousands the same way in both languages", () => {
    expect(formatNumber("en", 1592)).toBe("1,592");
    expect(formatNumber("zh-CN", 1592)).toBe("1,592");
    expect(formatPercent("en", 0.05)).toBe("5%");
    expect(formatPercent("zh-CN", 2 / 3, 1)).toBe("66.7%");
    expect(formatPercent("en", 0, 1)).toBe("0.0%");
  });
  it("prints dates in UTC, per language", () => {
    expect(formatDate("en", at)).toBe("Dec 1, 2026");
    expect(formatDate("zh-CN", at)).toBe("2026年12月1日");
    expect(formatDateTime("en", at)).toBe("Dec 1, 2026, 23:26 UTC");
    expect(formatDateTime("zh-CN", at)).toBe("2026/12/01 23:26 UTC");
    expect(formatDateTime("en", at, { seconds: true })).toBe("Dec 1, 2026, 23:26:05 UTC");
    expect(formatDateTime("zh-CN", at, { seconds: true })).toBe("2026/12/01 23:26:05 UTC");
  });
});
