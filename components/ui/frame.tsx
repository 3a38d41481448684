// A catalogue message whose placeholders are elements, not text: "file says {fileLabel}, …"
// with the values in bold. The sentence order is the catalogue's, so Chinese can put the
// values where Chinese puts them. Pure (no hooks): usable from server and client components.
import { Fragment, type ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { catalogueOf, type MessageKey } from "@/lib/i18n/translate";

type Props = { locale: Locale; message: MessageKey; values: Record<string, ReactNode> };

export function Frame({ locale, message, values }: Props) {
  const parts = catalogueOf(locale)[message].split(/\{(\w+)\}/);
  // split with a capture group: even indexes are text, odd ones placeholder names.
  return <>{parts.map((part, i) => <Fragment key={i}>{i % 2 === 0 ? part : (values[part] ?? `{${part}}`)}</Fragment>)}</>;
}
