// A message said by the server in no language yet: a catalogue key and its parameters.
// Domain checks throw an AppError carrying one (its English text stays the error's message,
// which API v1 JSON bodies, logs and the CLI print); server actions hand it to the reader in
// their language (lib/actions/run-action.ts). One design for every message a screen shows
// from the server: the key travels, the words are chosen where the reader is known.
import type { MessageKey, ParamsOf, ParamValue, Translate } from "@/lib/i18n/translate";

export type Said = { key: MessageKey; params?: Record<string, ParamValue> };

export function said<K extends MessageKey>(key: K, ...params: ParamsOf<K>): Said {
  return params[0] ? { key, params: params[0] as Record<string, ParamValue> } : { key };
}

/** The words of a said message in the translator's language. */
export function sayIn(t: Translate, message: Said): string {
  return (t as (key: MessageKey, params?: Record<string, ParamValue>) => string)(message.key, message.params);
}
