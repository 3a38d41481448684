// The types of a translation, beside the catalogues they describe (the translator,
// lib/i18n/translate.ts, imports the catalogues, so their type cannot live there).
import type { en } from "@/lib/i18n/messages/en";

// A translation of one English part: the same keys, each a string (an object literal with a
// key the English part lacks, or without one it has, fails tsc).
export type MessagesLike<T> = { readonly [K in keyof T]: string };

/** A whole catalogue: the English catalogue's keys, each a string. */
export type Catalogue = MessagesLike<typeof en>;
