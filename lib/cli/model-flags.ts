// The flags of `npm run verity -- model ...`, as parsed (bin/verity.ts): read by the connection
// commands (model-command.ts) and by `model run` (model-run-command.ts).
export type ModelCommandOptions = {
  project?: string;
  name?: string;
  "base-url"?: string;
  model?: string;
  "api-key"?: string; // declared only to be refused with a pointer to the two safe ways
  "api-key-env"?: string;
  "api-key-stdin"?: boolean;
  convention?: string;
  "max-concurrent"?: string;
  rpm?: string;
  timeout?: string;
  "min-pixels"?: string;
  "max-pixels"?: string;
  as?: string;
  json: boolean;
  connection?: string;
  template?: string;
  filter?: string[];
  k?: string;
  temperature?: string;
  "max-tokens"?: string;
  "output-name"?: string;
  items?: string;
};
