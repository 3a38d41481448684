// Stands in for the `server-only` marker package under Vitest, which is not a React Server
// Components bundler; the marker's job (failing client bundles) is the Next.js build's.
export {};
