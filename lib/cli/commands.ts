import "server-only";
// The CLI's commands, each a thin shell over the same functions the app uses.
import { mkdirSync } from "node:fs";
import { createDb, type Db } from "@/lib/db";
import { env } from "@/lib/env";
import { applyMigrations } from "@/lib/db/migrate";
import { generatePassword } from "@/lib/auth/password";
import { mediaStore } from "@/lib/media/media-store";
import { createProject, findProjectBySlug } from "@/lib/projects/projects";
import { grantRole } from "@/lib/projects/members";
import { createUser, setPassword } from "@/lib/users/users";
import { ensureOwnerAndDemo } from "@/lib/setup/first-run";
import { AppError } from "@/lib/errors";
import { runImportCommand } from "@/lib/cli/import-command";
import { runBackupCommand } from "@/lib/cli/backup-command";
import { runRestoreCommand } from "@/lib/cli/restore-command";
import { runExportCommand } from "@/lib/cli/export-command";
import { runBenchmarkExportCommand } from "@/lib/cli/benchmark-export-command";
import { ALL_PARSERS } from "@/lib/imports/formats/registry";
import { CONTRACT_CHOICES } from "@/lib/imports/contract-choice";
import { runPoolCommand, type PoolCommandOptions } from "@/lib/cli/pool-command";
import { runPoolVerifyCommand } from "@/lib/cli/pool-verify-command";
import { runModelCommand } from "@/lib/cli/model-command";
import type { ModelCommandOptions } from "@/lib/cli/model-flags";
import { readStdin } from "@/lib/cli/read-stdin";

const FORMATS = ALL_PARSERS.map((p) => p.id).join(", ");

export const USAGE = `usage: npm run verity -- <command>

  migrate                                   apply database migrations
  setup                                     migrate, create the owner and the demo project (first run)
  project create <slug> [--name NAME]       create a project
  user create <email> [--name NAME] [--owner] [--password-stdin]
                                            create a user (prints a generated password unless --password-stdin)
  user passwd <email> [--password-stdin]    set a new password
  user grant <email> <project-slug> <role>  make a user annotator | reviewer | admin of a project
  import <path> --project <slug> [--format F] [--images DIR] [--model NAME] [--contract FORMAT:UNIT]
              [--on-verified-change reopen|keep] [--json]
                                            import a file, folder or zip (formats: ${FORMATS}); every
                                            format found in a folder is imported. --model names the model of
                                            a results file that names none; --contract reads every box and
                                            point as ${CONTRACT_CHOICES.join("|")}. A verified item whose inputs
                                            changed at the source is reopened (default) or keeps its verified
                                            inputs (keep); either way the report names it. Exits 1 when nothing was imported.
  backup <file>                             copy the database while the app runs (SQLite online backup or pg_dump)
  restore <file>                            replace the database with a backup (stop the app and workers first)
  pool create --project <slug> --name N --kind K --profile F [--target DIR|s3://bucket/prefix]
              [--images copy|absolute|embed] [--convention rel1000|qwen25-abs|norm1] [--answer point|box]
              [--template T] [--data-source S] [--run RUN_ID] [--swift-objects] [--history-thoughts convert|omit]
              [--filter key=value[,value]]... [--json]
                                            create a pool (kinds: grounding, navigation, online_rl, mid_training, evaluation;
                                            profiles: verl, easyr1, ms-swift, llama-factory, hf-datasets, table;
                                            filters: tier, source, benchmark, app, platform, model, verifiedFrom, verifiedTo)
  pool list --project <slug> [--json]       the project's pools with their profile, style, target and latest snapshot
  pool verify <snapshot-dir> [--json]       check a snapshot where it now is: every file against manifest.json, every image
                                            a row names exists and matches its sha256 (relative paths from this directory,
                                            absolute ones as written); names each problem's file and rows; exits 1 on any
  export --pool <name> --project <slug> [--since last] [--json]
                                            write a new snapshot of a pool: always the whole pool, with changes.jsonl against
                                            the latest snapshot; --since last carries its unchanged images over
  benchmark-export <dir> --project <slug> --run <name> [--reproduced] [--json]
                                            write a run's files in its benchmark's own shape (AndroidLab's total.jsonl,
                                            output.xlsx, ...), corrected by the verified answers (--reproduced: as imported)
  model connection add --project <slug> --name N --base-url URL --model M [--api-key-env VAR | --api-key-stdin]
              [--convention rel1000|qwen25-abs|norm1] [--max-concurrent N] [--rpm N] [--timeout S]
              [--min-pixels N] [--max-pixels N] [--as <admin email>] [--json]
                                            save an OpenAI-compatible server (base URL ending before /chat/completions) and
                                            the model it serves (default convention rel1000). The key is never an argument:
                                            it is read from the variable --api-key-env names, or from standard input.
                                            Acts as --as (an admin of the project), by default as the site owner
  model connection list --project <slug> [--json]
                                            the project's model connections (the key's last four characters only)
  model connection test --project <slug> <name|id> [--as <admin email>] [--json]
                                            send one test request as a run would: prints latency, image sent, reply and
                                            what was parsed; exits 1 when the server did not answer
  model run --project <slug> --connection <name|id> --template <id> [--filter key=value]... [--k N]
            [--temperature X] [--max-tokens N] [--output-name NAME] [--json]
                                            run a prompt template through a connection over the items a list filter
                                            selects (all when none), in the foreground; a second identical run sends
                                            nothing (the reply cache); exits 1 when it stopped or items failed

Settings: DATABASE_URL (file:… or postgres://…; default SQLite under VERITY_DATA_DIR),
VERITY_DATA_DIR (default ./data).`;

type Options = { name?: string; owner: boolean; "password-stdin": boolean; project?: string; format?: string; images?: string; model?: string; contract?: string; "on-verified-change"?: string; json: boolean; pool?: string; since?: string; run?: string; reproduced?: boolean };

async function withDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const db = createDb(env().databaseUrl);
  try {
    return await work(db);
  } finally {
    await db.$disconnect();
  }
}

export async function runCommand(args: string[], options: Options & PoolCommandOptions & ModelCommandOptions): Promise<void> {
  const [group, verb, ...rest] = args;
  const e = env();
  mkdirSync(e.dataDir, { recursive: true });
  // "project create", "user grant": two words; "migrate", "setup", "import <path>": one.
  const key = group === "project" || group === "user" ? `${group} ${verb ?? ""}` : group;

  switch (key) {
    case "migrate":
      applyMigrations(e.databaseUrl);
      console.log(`Migrations applied (${e.databaseProvider}).`);
      return;
    case "setup": {
      applyMigrations(e.databaseUrl);
      const signIn = await withDb((db) => ensureOwnerAndDemo(db, mediaStore(), e.dataDir));
      console.log(`SIGN_IN_EMAIL=${signIn.email}`);
      console.log(`SIGN_IN_PASSWORD=${signIn.password ?? `(changed since first run; see npm run verity -- user passwd ${signIn.email})`}`);
      console.log(`SIGN_IN_FILE=${signIn.credentialsFile}`);
      return;
    }
    case "project create": {
      const slug = required(verb === "create" ? rest[0] : undefined, "slug");
      const project = await withDb((db) => createProject(db, { slug, name: options.name ?? slug }));
      console.log(`Created project ${project.slug} (${project.id}).`);
      return;
    }
    case "user create": {
      const email = required(rest[0], "email");
      const password = options["password-stdin"] ? await readStdin() : generatePassword();
      const user = await withDb((db) =>
        createUser(db, { email, name: options.name ?? email.split("@")[0]!, password, isOwner: options.owner }),
      );
      console.log(`Created ${user.email}${user.isOwner ? " (site owner)" : ""}.`);
      if (!options["password-stdin"]) console.log(`Password: ${password}`);
      return;
    }
    case "user passwd": {
      const email = required(rest[0], "email");
      const password = options["password-stdin"] ? await readStdin() : generatePassword();
      await withDb((db) => setPassword(db, email, password));
      console.log(`Password of ${email} changed.`);
      if (!options["password-stdin"]) console.log(`Password: ${password}`);
      return;
    }
    case "import": {
      const target = required(verb, "path");
      const slug = required(options.project, "--project <slug>");
      await withDb((db) => runImportCommand(db, { target, slug, format: options.format, images: options.images, model: options.model, contract: options.contract, onVerifiedChange: options["on-verified-change"], json: options.json }));
      return;
    }
    case "backup":
      return runBackupCommand(required(verb, "file"));
    case "restore":
      return runRestoreCommand(required(verb, "file"));
    case "pool":
      if (verb === "verify") return runPoolVerifyCommand(required(rest[0], "snapshot directory"), options.json);
      await withDb((db) => runPoolCommand(db, verb, options));
      return;
    case "model":
      await withDb((db) => runModelCommand(db, [verb ?? "", ...rest], options));
      return;
    case "export":
      await withDb((db) => runExportCommand(db, { pool: required(options.pool, "--pool <name>"), slug: required(options.project, "--project <slug>"), since: options.since, json: options.json }));
      return;
    case "benchmark-export":
      await withDb((db) => runBenchmarkExportCommand(db, { out: required(verb, "dir"), slug: required(options.project, "--project <slug>"), run: required(options.run, "--run <name>"), reproduced: options.reproduced ?? false, json: options.json }));
      return;
    case "user grant": {
      const [email, slug, role] = [required(rest[0], "email"), required(rest[1], "project-slug"), required(rest[2], "role")];
      await withDb(async (db) => {
        const project = await findProjectBySlug(db, slug);
        if (!project) throw new AppError("not_found", `No project ${slug}.`);
        await grantRole(db, project.id, { email, role });
      });
      console.log(`${email} is ${role} of ${slug}.`);
      return;
    }
    default:
      throw new Error(`unknown command: ${args.join(" ")}\n\n${USAGE}`);
  }
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`missing <${name}>\n\n${USAGE}`);
  return value;
}
