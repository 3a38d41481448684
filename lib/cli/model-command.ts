import "server-only";
// `npm run verity -- model connection add|list|test ...`: a project's model connections from a
// shell, through the same schema (ConnectionInputSchema), host rules and test as the admin
// screen and the v1 API, with the same audit rows.
//   model connection add --project P --name N --base-url URL --model M
//                        [--api-key-env VAR | --api-key-stdin] [--convention C] [--max-concurrent N]
//                        [--rpm N] [--timeout S] [--min-pixels N] [--max-pixels N] [--as EMAIL]
//   model connection list --project P [--json]
//   model connection test --project P <name|id> [--as EMAIL] [--json]
//   model run ... (lib/cli/model-run-command.ts)
// The key is never an argument (ps and shell history would show it): it is read from the
// environment variable --api-key-env names, or from standard input. Writes act as --as (an
// admin of the project or the site owner), by default as the site owner, as a shell on the
// server can do anything the owner can.
import type { Db } from "@/lib/db";
import { connectionJson } from "@/lib/api/v1-model-connection-schemas";
import { readStdin } from "@/lib/cli/read-stdin";
import { AppError } from "@/lib/errors";
import { ConnectionInputSchema, type ConnectionInput } from "@/lib/models/connections/connection-input";
import { addConnectionAs, testConnectionAs, type ConnectionActor } from "@/lib/models/connections/audited-connections";
import { findConnection, listConnections, type ConnectionView } from "@/lib/models/connections/connections";
import type { ConnectionTestResult } from "@/lib/models/connections/test-connection";
import { findProjectBySlug } from "@/lib/projects/projects";
import { EmailSchema } from "@/lib/users/users";
import { runModelRunCommand } from "@/lib/cli/model-run-command";
import type { ModelCommandOptions } from "@/lib/cli/model-flags";

// The schema's field as the flag that sets it, so a refusal names what to fix.
const FLAG_OF: Record<string, string> = {
  name: "--name", baseUrl: "--base-url", model: "--model", apiKey: "--api-key-env/--api-key-stdin", convention: "--convention",
  maxConcurrent: "--max-concurrent", requestsPerMinute: "--rpm", timeoutSeconds: "--timeout", minPixels: "--min-pixels", maxPixels: "--max-pixels",
};

async function projectOf(db: Db, slug: string | undefined) {
  if (!slug) throw new AppError("invalid_input", "missing --project <slug>");
  const project = await findProjectBySlug(db, slug);
  if (!project) throw new AppError("not_found", `No project ${slug}.`);
  return project;
}

async function actorOf(db: Db, project: { id: string; slug: string }, as: string | undefined): Promise<ConnectionActor> {
  if (!as) {
    const owner = await db.user.findFirst({ where: { isOwner: true, disabledAt: null }, orderBy: { createdAt: "asc" }, select: { id: true } });
    if (!owner) throw new AppError("invalid_input", `no site owner to act as: name an admin of ${project.slug} with --as <email>`);
    return { userId: owner.id, projectId: project.id };
  }
  const email = EmailSchema.safeParse(as);
  if (!email.success) throw new AppError("invalid_input", `--as must be an e-mail address, not "${as}"`);
  const user = await db.user.findUnique({ where: { email: email.data }, select: { id: true, isOwner: true, isPlaceholder: true, disabledAt: true, memberships: { where: { projectId: project.id }, select: { role: true } } } });
  if (!user || user.isPlaceholder || user.disabledAt) throw new AppError("not_found", `--as: no active user ${email.data}`);
  if (!user.isOwner && user.memberships[0]?.role !== "admin") throw new AppError("forbidden", `--as: ${email.data} is not an admin of ${project.slug}`);
  return { userId: user.id, projectId: project.id };
}

async function apiKeyOf(options: ModelCommandOptions): Promise<string | undefined> {
  if (options["api-key"] !== undefined) {
    throw new AppError("invalid_input", "--api-key is not taken on the command line (ps and the shell history would show the key): use --api-key-env VAR or --api-key-stdin");
  }
  const variable = options["api-key-env"];
  if (variable !== undefined && options["api-key-stdin"]) throw new AppError("invalid_input", "give the key one way: --api-key-env VAR or --api-key-stdin, not both");
  if (variable !== undefined) {
    // A variable the operator names, not one of Verity's settings: read here, not in lib/env/index.ts.
    const key = process.env[variable]?.trim();
    if (!key) throw new AppError("invalid_input", `--api-key-env: the environment variable ${variable} is not set or is empty`);
    return key;
  }
  if (options["api-key-stdin"]) {
    const key = (await readStdin()).trim();
    if (!key) throw new AppError("invalid_input", "--api-key-stdin: standard input was empty");
    return key;
  }
  return undefined;
}

function inputOf(options: ModelCommandOptions, apiKey: string | undefined): ConnectionInput {
  for (const [flag, value] of [["--name <name>", options.name], ["--base-url <url>", options["base-url"]], ["--model <served model name>", options.model]] as const) {
    if (!value) throw new AppError("invalid_input", `missing ${flag}`);
  }
  const raw: Record<string, unknown> = {
    name: options.name, baseUrl: options["base-url"], model: options.model, apiKey, convention: options.convention ?? "rel1000",
    maxConcurrent: options["max-concurrent"], requestsPerMinute: options.rpm, timeoutSeconds: options.timeout,
    minPixels: options["min-pixels"], maxPixels: options["max-pixels"],
  };
  const parsed = ConnectionInputSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.slice(0, 3).map((issue) => {
    const field = String(issue.path[0] ?? "");
    const flag = FLAG_OF[field] ?? field;
    const given = field === "apiKey" || raw[field] === undefined ? "" : ` (not "${String(raw[field])}")`;
    return `${flag} ${issue.message}${given}`;
  });
  throw new AppError("invalid_input", problems.join("; "));
}

const keyText = (c: ConnectionView) => (c.apiKeyHint ? `key ${c.apiKeyHint}` : "no key");

function lastTestText(c: ConnectionView): string {
  if (!c.lastTestAt) return "not tested";
  return `last test ${c.lastTestOk ? "ok" : "failed"} ${c.lastTestAt.toISOString()}${c.lastTestLatencyMs === null ? "" : ` ${c.lastTestLatencyMs} ms`}: ${c.lastTestMessage ?? ""}`;
}

function parsedText(result: ConnectionTestResult): string {
  const parsed = result.parsed;
  if (!parsed) return result.ok ? "nothing (no grounding preset answers in this convention; the reply is shown as it came)" : "nothing";
  switch (parsed.kind) {
    case "point":
      return `point (${parsed.x.toFixed(1)}, ${parsed.y.toFixed(1)}) in the test image's pixels, ${result.onTarget ? "on" : "off"} the blue square`;
    case "box":
      return `box [${parsed.box.map((v) => v.toFixed(1)).join(", ")}]`;
    case "outside_image":
    case "wrong_format":
      return `${parsed.kind}: ${parsed.problem}`;
    default:
      return parsed.kind;
  }
}

async function add(db: Db, options: ModelCommandOptions) {
  const project = await projectOf(db, options.project);
  const input = inputOf(options, await apiKeyOf(options));
  const actor = await actorOf(db, project, options.as);
  const connection = await addConnectionAs(db, actor, input);
  if (options.json) console.log(JSON.stringify(connectionJson(connection)));
  else console.log(`Created model connection ${connection.name} (${connection.id}): ${connection.model} at ${connection.baseUrl}, ${connection.convention}, ${keyText(connection)}.`);
}

async function list(db: Db, options: ModelCommandOptions) {
  const project = await projectOf(db, options.project);
  const connections = await listConnections(db, project.id);
  if (options.json) {
    console.log(JSON.stringify(connections.map(connectionJson)));
    return;
  }
  if (connections.length === 0) console.log(`No model connections in ${project.slug}.`);
  for (const c of connections) console.log(`${c.name}\t${c.model}\t${c.baseUrl}\t${c.convention}\t${keyText(c)}\t${lastTestText(c)}`);
}

async function test(db: Db, options: ModelCommandOptions, idOrName: string | undefined) {
  const project = await projectOf(db, options.project);
  if (!idOrName) throw new AppError("invalid_input", "missing <name|id> of the connection to test");
  const connection = await findConnection(db, project.id, idOrName);
  const actor = await actorOf(db, project, options.as);
  const result = await testConnectionAs(db, actor, connection.id);
  if (options.json) {
    console.log(JSON.stringify({ connection: { id: connection.id, name: connection.name }, ...result }));
  } else {
    console.log(`connection ${connection.name}: ${connection.model} at ${connection.baseUrl} (${connection.convention})`);
    console.log(`latency    ${result.latencyMs} ms`);
    console.log(`image sent ${result.imageSent.width}x${result.imageSent.height}`);
    if (result.error) console.log(`error      ${result.error.kind}: ${result.error.message}`);
    else console.log(`reply      ${JSON.stringify(result.reply ?? "")}`);
    console.log(`parsed     ${parsedText(result)}`);
  }
  if (!result.ok) throw new AppError("unavailable", `the test of ${connection.name} failed: ${result.error ? `${result.error.kind}: ${result.error.message}` : "no answer"}`);
}

/** `args`: what follows `model` on the command line. */
export async function runModelCommand(db: Db, args: string[], options: ModelCommandOptions): Promise<void> {
  const [noun, verb, target] = args;
  if (noun === "run") return runModelRunCommand(db, options);
  if (noun !== "connection") throw new Error(`unknown model command: ${noun ?? "(none)"}; use model connection add|list|test or model run`);
  if (verb === "add") return add(db, options);
  if (verb === "list") return list(db, options);
  if (verb === "test") return test(db, options, target);
  throw new Error(`unknown model connection command: ${verb ?? "(none)"}; use model connection add, list or test`);
}
