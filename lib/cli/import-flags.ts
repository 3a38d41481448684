// The flags of `npm run verity -- import`, as parsed (bin/verity.ts): read by the import command
// and by the rerun line it proposes (rerun-command.ts), which repeats them.
export type ImportCommand = { target: string; slug: string; format?: string; images?: string; model?: string; contract?: string; onVerifiedChange?: string; json: boolean };
