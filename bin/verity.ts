// The Verity CLI: npm run verity -- <command>. Honours DATABASE_URL and VERITY_DATA_DIR.
import { parseArgs } from "node:util";
import { runCommand, USAGE } from "@/lib/cli/commands";

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: "string" },
      owner: { type: "boolean", default: false },
      "password-stdin": { type: "boolean", default: false },
      project: { type: "string" },
      format: { type: "string" },
      images: { type: "string" },
      model: { type: "string" },
      contract: { type: "string" },
      "on-verified-change": { type: "string" },
      json: { type: "boolean", default: false },
      pool: { type: "string" },
      since: { type: "string" },
      kind: { type: "string" },
      profile: { type: "string" },
      target: { type: "string" },
      convention: { type: "string" },
      answer: { type: "string" },
      template: { type: "string" },
      "data-source": { type: "string" },
      run: { type: "string" },
      reproduced: { type: "boolean", default: false },
      "swift-objects": { type: "boolean", default: false },
      "history-thoughts": { type: "string" },
      filter: { type: "string", multiple: true },
      "base-url": { type: "string" },
      "api-key": { type: "string" }, // refused by the model command: a key must not be an argument
      "api-key-env": { type: "string" },
      "api-key-stdin": { type: "boolean", default: false },
      "max-concurrent": { type: "string" },
      rpm: { type: "string" },
      timeout: { type: "string" },
      "min-pixels": { type: "string" },
      "max-pixels": { type: "string" },
      as: { type: "string" },
      connection: { type: "string" },
      k: { type: "string" },
      temperature: { type: "string" },
      "max-tokens": { type: "string" },
      "output-name": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help || positionals.length === 0) {
    console.log(USAGE);
    return;
  }
  await runCommand(positionals, values);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`verity: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
