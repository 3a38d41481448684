// The OpenAPI 3.1 document of /api/v1, served at /api/v1/openapi.json. Bodies, queries and
// answers come from the zod schemas the handlers themselves use (lib/api/v1-schemas.ts); a
// test walks app/api/v1 and fails when a route and this document disagree.
import { z } from "zod";
import {
  ErrorSchema,
  JobStartedSchema,
  JobStatusSchema,
  PoolListSchema,
  SamplePageQuerySchema,
  SamplePageSchema,
  StartExportBodySchema,
  TrajectoryPageQuerySchema,
  TrajectoryPageSchema,
} from "@/lib/api/v1-schemas";
import { VERITY_VERSION } from "@/lib/version";

type Json = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: "input" | "output" = "output"): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
  return rest;
};

const ID = { type: "string", pattern: "^[a-z0-9]{10,40}$" };
const pathParam = (name: string, description: string) => ({ name, in: "path", required: true, description, schema: ID });
const PROJECT = pathParam("projectId", "the project's id (the token's own project; any other answers 404)");

function queryParams(schema: z.ZodObject): Json[] {
  const json = schemaOf(schema, "input") as { properties: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties).map(([name, property]) => ({ name, in: "query", required: json.required?.includes(name) ?? false, schema: property, description: property.description }));
}

const jsonContent = (schema: z.ZodType) => ({ "application/json": { schema: schemaOf(schema) } });

function refusals(...codes: number[]): Json {
  const meaning: Record<number, string> = {
    400: "invalid input (the message names the field)",
    401: "no token, an unknown, revoked or expired one, or one whose creator is disabled, no longer a member of its project or below its role",
    403: "the token's role is too low",
    404: "no such object in the token's project (another project's ids answer 404 too)",
    409: "conflict (e.g. an export of this pool is already queued or running)",
    413: "the body is too large, or the project's staging budget is used up",
    429: "the project already has as many jobs waiting as it may (VERITY_MAX_QUEUED_JOBS)",
    503: "not enough free disk to store the body",
  };
  return Object.fromEntries(codes.map((code) => [String(code), { description: meaning[code], content: jsonContent(ErrorSchema) }]));
}

const TOKEN_REFUSALS = [401, 403, 404] as const;

export function openApiDocument(): Json {
  return {
    openapi: "3.1.0",
    info: {
      title: "Verity API",
      version: VERITY_VERSION,
      description: "Per-project API tokens (create them on the project's API tokens screen), sent as `Authorization: Bearer vrt_…`. A token acts in its own project only, with its role.",
    },
    components: { securitySchemes: { projectToken: { type: "http", scheme: "bearer", description: "a project API token, vrt_…" } } },
    security: [{ projectToken: [] }],
    paths: {
      "/api/v1/openapi.json": {
        get: { summary: "This document", security: [], responses: { 200: { description: "the OpenAPI 3.1 document", content: { "application/json": { schema: { type: "object" } } } } } },
      },
      "/api/v1/projects/{projectId}/imports": {
        post: {
          summary: "Push samples, trajectories and verdicts (NDJSON, streamed); runs as an import job",
          description: "Role admin. The body is Verity JSONL (schema: /api/schemas/verity-import) unless ?format= names another single-file format. Lines that fail are reported per line in the job's report; the others are imported.",
          parameters: [PROJECT, { name: "format", in: "query", required: false, schema: { type: "string", pattern: "^[a-z0-9-]{1,64}$", default: "verity-jsonl" } }],
          requestBody: { required: true, content: { "application/x-ndjson": { schema: { type: "string" } } } },
          responses: { 202: { description: "the import job was queued", content: jsonContent(JobStartedSchema) }, ...refusals(400, ...TOKEN_REFUSALS, 413, 429, 503) },
        },
      },
      "/api/v1/projects/{projectId}/jobs/{jobId}": {
        get: {
          summary: "An import or export job's status, progress and report",
          description: "Role admin.",
          parameters: [PROJECT, pathParam("jobId", "the job's id")],
          responses: { 200: { description: "the job", content: jsonContent(JobStatusSchema) }, ...refusals(...TOKEN_REFUSALS) },
        },
      },
      "/api/v1/projects/{projectId}/samples": {
        get: {
          summary: "Verified grounding samples with their final answers (keyset pages)",
          description: "Role reviewer. Oldest verification first; keep the last nextCursor to receive later what was verified since.",
          parameters: [PROJECT, ...queryParams(SamplePageQuerySchema)],
          responses: { 200: { description: "a page", content: jsonContent(SamplePageSchema) }, ...refusals(400, ...TOKEN_REFUSALS) },
        },
      },
      "/api/v1/projects/{projectId}/trajectories": {
        get: {
          summary: "Verified trajectories with their steps and final answers (keyset pages)",
          description: "Role reviewer.",
          parameters: [PROJECT, ...queryParams(TrajectoryPageQuerySchema)],
          responses: { 200: { description: "a page", content: jsonContent(TrajectoryPageSchema) }, ...refusals(400, ...TOKEN_REFUSALS) },
        },
      },
      "/api/v1/projects/{projectId}/pools": {
        get: {
          summary: "The project's pools, what each has not exported yet, and their snapshot history",
          description: "Role reviewer.",
          parameters: [PROJECT],
          responses: { 200: { description: "the pools", content: jsonContent(PoolListSchema) }, ...refusals(...TOKEN_REFUSALS) },
        },
      },
      "/api/v1/projects/{projectId}/pools/{poolId}/exports": {
        post: {
          summary: "Start an export of the pool (a new snapshot); poll the job it returns",
          description: "Role admin. At most one export per pool runs at a time.",
          parameters: [PROJECT, pathParam("poolId", "the pool's id")],
          requestBody: { required: false, content: { "application/json": { schema: schemaOf(StartExportBodySchema, "input") } } },
          responses: { 202: { description: "the export job was queued", content: jsonContent(JobStartedSchema) }, ...refusals(400, ...TOKEN_REFUSALS, 409, 429) },
        },
      },
    },
  };
}
