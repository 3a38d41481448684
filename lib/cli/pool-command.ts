import "server-only";
// `npm run verity -- pool create|list ...`: the pools of a project from a shell, through the
// same createPool (PoolInputSchema, the pool roots, no overlapping targets) as the pools
// screen, so a pool the screen refuses the CLI refuses with the same words.
//   pool create --project P --name N --kind K --profile F [--target DIR|s3://bucket/prefix]
//               [--images copy|absolute|embed] [--convention C] [--answer point|box]
//               [--template T] [--data-source S] [--run RUN_ID] [--swift-objects]
//               [--history-thoughts convert|omit] [--filter key=value[,value]]...
//   pool list --project P [--json]
// Without --target a local pool goes to <data dir>/pools/<name>.
import path from "node:path";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { ZodError } from "zod";
import { AppError, isAppError } from "@/lib/errors";
import { failure } from "@/lib/actions/result";
import { listPoolViews } from "@/lib/pools/pool-overview";
import { parseFilterArgs } from "@/lib/pools/pool-filters";
import { createPool } from "@/lib/pools/pools";
import { findProjectBySlug } from "@/lib/projects/projects";

export type PoolCommandOptions = {
  project?: string;
  name?: string;
  kind?: string;
  profile?: string;
  target?: string;
  images?: string;
  convention?: string;
  answer?: string;
  template?: string;
  "data-source"?: string;
  run?: string;
  "swift-objects"?: boolean;
  "history-thoughts"?: string;
  filter?: string[];
  json: boolean;
};

async function projectOf(db: Db, slug: string | undefined) {
  if (!slug) throw new AppError("invalid_input", "missing --project <slug>");
  const project = await findProjectBySlug(db, slug);
  if (!project) throw new AppError("not_found", `No project ${slug}.`);
  return project;
}

// The CLI prints the form's own message for what the schema or the pool rules refuse.
function asCliError(error: unknown): unknown {
  if (!(error instanceof ZodError) && !isAppError(error)) return error;
  const result = failure(error);
  return new Error(result.ok ? "the pool was not created" : result.error.replace(/^Check the form: /, "Refused: "));
}

export async function runPoolCommand(db: Db, verb: string | undefined, options: PoolCommandOptions): Promise<void> {
  const project = await projectOf(db, options.project);
  if (verb === "list") {
    const pools = await listPoolViews(db, project.id);
    if (options.json) {
      console.log(JSON.stringify(pools.map((p) => ({ id: p.id, name: p.name, kind: p.kind, profile: p.profile, target: p.targetType === "s3" ? p.targetUri : `local:${p.targetUri}`, imageMode: p.imageMode, style: p.style, filters: p.settings.filters ?? {}, latestSnapshotId: p.latestSnapshotId, verifiedSinceLast: p.verifiedSinceLast }))));
      return;
    }
    if (pools.length === 0) console.log(`No pools in ${project.slug}.`);
    for (const p of pools) {
      const style = p.style ? ` ${p.style.convention}/${p.style.target}/${p.style.template}` : "";
      console.log(`${p.name}\t${p.kind}\t${p.profile}\t${p.imageMode}${style}\t${p.targetType === "s3" ? p.targetUri : `local:${p.targetUri}`}\tlatest ${p.latestSnapshotId ?? "none"}`);
    }
    return;
  }
  if (verb !== "create") throw new Error(`unknown pool command: ${verb ?? "(none)"}; use pool create or pool list`);
  if (!options.name) throw new AppError("invalid_input", "missing --name <pool name>");
  const target = options.target ?? path.join(env().dataDir, "pools", options.name);
  const settings: Record<string, unknown> = {};
  if (options.convention) settings.convention = options.convention;
  if (options.answer) settings.target = options.answer;
  if (options.template) settings.template = options.template;
  if (options["data-source"]) settings.dataSource = options["data-source"];
  if (options.run) settings.runId = options.run;
  if (options["swift-objects"]) settings.swiftObjects = true;
  if (options["history-thoughts"]) settings.historyThoughts = options["history-thoughts"];
  try {
    if (options.filter?.length) settings.filters = parseFilterArgs(options.filter);
    const pool = await createPool(db, { userId: null, projectId: project.id }, {
      name: options.name,
      kind: options.kind,
      profile: options.profile,
      targetType: target.startsWith("s3://") ? "s3" : "local",
      targetUri: target.startsWith("s3://") ? target : path.resolve(target),
      imageMode: options.images,
      settings,
    });
    if (options.json) console.log(JSON.stringify({ id: pool.id, name: pool.name, kind: pool.kind, profile: pool.profile, imageMode: pool.imageMode, target: pool.targetType === "s3" ? pool.targetUri : `local:${pool.targetUri}`, settings: pool.settings }));
    else console.log(`Created pool ${pool.name} (${pool.kind}, ${pool.profile}, images ${pool.imageMode}) writing to ${pool.targetType === "s3" ? pool.targetUri : pool.targetUri}.`);
  } catch (error) {
    throw asCliError(error);
  }
}
