// A translation of one English part: the same keys, each a string (an object literal with a
// key the English part lacks, or without one it has, fails tsc).
export type MessagesLike<T> = { readonly [K in keyof T]: string };
