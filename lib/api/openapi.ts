// The OpenAPI 3.1 document of /api/v1, served at /api/v1/openapi.json. Bodies, queries and
// answers come from the zod schemas the handlers themselves use (lib/api/v1-schemas.ts); a
// test walks app/api/v1 and fails when a route and this document disagree.
import { StartRunSchema } from "@/lib/models/runs/start-model-run";
import { z } from "zod";
import {
  AnnotationConflictSchema,
  AnnotationSavedSchema,
  ErrorSchema,
  ItemAnnotationsSchema,
  OverrideBodySchema,
  OverrideCreatedSchema,
  OverrideReviewBodySchema,
  VerdictReadSchema,
  JudgeAgreementQuerySchema,
  JudgeAgreementSchema,
  SampleAnnotationBodySchema,
  TrajectoryAnnotationBodySchema,
  JobStartedSchema,
  JobStatusSchema,
  PoolListSchema,
  SamplePageQuerySchema,
  SamplePageSchema,
  StartExportBodySchema,
  TrajectoryPageQuerySchema,
  TrajectoryPageSchema,
} from "@/lib/api/v1-schemas";
import { ConnectionBodySchema, ConnectionListSchema, ConnectionOneSchema, ConnectionTestResultSchema } from "@/lib/api/v1-model-connection-schemas";
import { VERITY_VERSION } from "@/lib/version";
import { CONTRACT_CHOICES } from "@/lib/imports/contract-choice";
import { ROW_ID_PATTERN } from "@/lib/ids/row-id-shape";

type Json = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: "input" | "output" = "output"): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
  return rest;
};

const ID = { type: "string", pattern: ROW_ID_PATTERN };
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
    403: "the token's role is too low (or a model connection's host is not one connections may call: VERITY_MODEL_HOSTS, link-local addresses)",
    404: "no such object in the token's project (another project's ids answer 404 too)",
    409: "conflict (e.g. an export of this pool is already queued or running, a model connection of that name exists)",
    413: "the body is too large, or the project's staging budget is used up",
    429: "the project already has as many jobs waiting as it may (VERITY_MAX_QUEUED_JOBS)",
    503: "not enough free disk to store the body",
  };
  return Object.fromEntries(codes.map((code) => [String(code), { description: meaning[code], content: jsonContent(ErrorSchema) }]));
}

const TOKEN_REFUSALS = [401, 403, 404] as const;

function annotationPaths(collection: string, param: string, noun: string, body: z.ZodType): Json {
  return {
    [`/api/v1/projects/{projectId}/${collection}/{${param}}/annotations`]: {
      get: {
        summary: `The ${noun}'s annotations`,
        description: "Role annotator. Annotator tokens see only their own answer; reviewer tokens see every answer, the item's lifecycle state and its pinned final answer.",
        parameters: [PROJECT, pathParam(param, `the ${noun}'s id`)],
        responses: { 200: { description: "the annotations", content: jsonContent(ItemAnnotationsSchema) }, ...refusals(...TOKEN_REFUSALS) },
      },
      post: {
        summary: `Save the token creator's answer to the ${noun} (draft or submitted)`,
        description:
          "Role annotator. Acts as the token's creator with the token's role, with the review screens' rules: a reviewer's submit pins a new revision of the final answer; an annotator's puts the item in review, or on a verified item becomes a proposal for a reviewer. A stale baseVersion answers 409 with the current version.",
        parameters: [PROJECT, pathParam(param, `the ${noun}'s id`)],
        requestBody: { required: true, content: { "application/json": { schema: schemaOf(body, "input") } } },
        responses: {
          200: { description: "saved", content: jsonContent(AnnotationSavedSchema) },
          409: { description: "the answer moved on since baseVersion", content: jsonContent(AnnotationConflictSchema) },
          ...refusals(400, ...TOKEN_REFUSALS, 413),
        },
      },
    },
  };
}

// Model connections: admin only, because a connection decides where screenshots are sent and
// holds a key. The key is write-only: no answer carries it, only its last four characters.
function modelConnectionPaths(): Json {
  const CONNECTION = pathParam("connectionId", "the model connection's id");
  const body = { required: true, content: { "application/json": { schema: schemaOf(ConnectionBodySchema, "input") } } };
  return {
    "/api/v1/projects/{projectId}/model-connections": {
      get: {
        summary: "The project's model connections (OpenAI-compatible servers Verity can send items to), without their keys",
        description: "Role admin.",
        parameters: [PROJECT],
        responses: { 200: { description: "the connections, by name", content: jsonContent(ConnectionListSchema) }, ...refusals(...TOKEN_REFUSALS) },
      },
      post: {
        summary: "Save a model connection",
        description: "Role admin. Saved as the token's creator and audited. The key is stored encrypted and never returned (apiKeyHint: its last four characters). The host must be one connections may call (VERITY_MODEL_HOSTS; never a link-local or cloud metadata address).",
        parameters: [PROJECT],
        requestBody: body,
        responses: { 201: { description: "the connection", content: jsonContent(ConnectionOneSchema) }, ...refusals(400, ...TOKEN_REFUSALS, 409, 413) },
      },
    },
    "/api/v1/projects/{projectId}/model-connections/{connectionId}": {
      get: {
        summary: "A model connection, without its key",
        description: "Role admin.",
        parameters: [PROJECT, CONNECTION],
        responses: { 200: { description: "the connection", content: jsonContent(ConnectionOneSchema) }, ...refusals(...TOKEN_REFUSALS) },
      },
      patch: {
        summary: "Change a model connection (the whole connection, as POST; an absent or blank apiKey keeps the key)",
        description: "Role admin. Audited (whether the key changed, never the key). A change clears the connection's last test.",
        parameters: [PROJECT, CONNECTION],
        requestBody: body,
        responses: { 200: { description: "the connection", content: jsonContent(ConnectionOneSchema) }, ...refusals(400, ...TOKEN_REFUSALS, 409, 413) },
      },
      delete: {
        summary: "Remove a model connection",
        description: "Role admin. Audited.",
        parameters: [PROJECT, CONNECTION],
        responses: { 200: { description: "the connection as it was", content: jsonContent(ConnectionOneSchema) }, ...refusals(...TOKEN_REFUSALS) },
      },
    },
    "/api/v1/projects/{projectId}/model-connections/{connectionId}/test": {
      post: {
        summary: "Send the connection one test request, as a run would, and read the answer",
        description: "Role admin. A generated 224x224 screenshot with a blue square, asked for with the grounding preset of the connection's convention: the answer says how long it took, what came back, what Verity read from it and whether that point is on the square. A server that fails answers 200 with ok: false and the kind of failure. Kept as the connection's last test; audited.",
        parameters: [PROJECT, CONNECTION],
        responses: { 200: { description: "the test's outcome", content: jsonContent(ConnectionTestResultSchema) }, ...refusals(...TOKEN_REFUSALS) },
      },
    },
  };
}

// Model runs: reviewers read them; admins start, cancel and resume them (a run spends the
// connection's capacity and writes machine outputs).
function modelRunPaths(): Json {
  const RUN = pathParam("runId", "the model run's id");
  const object = (description: string) => ({ description, content: { "application/json": { schema: { type: "object" } } } });
  return {
    "/api/v1/projects/{projectId}/model-runs": {
      get: {
        summary: "The project's model runs, newest first (50 a page; ?after=<runId> for the next)",
        description: "Role reviewer. Each run's settings (the connection as it was, never its key; the template id, version and hash) and progress: items done and failed, requests sent, replies from the cache, tokens, errors by kind, why it stopped.",
        parameters: [PROJECT],
        responses: { 200: object("{runs, nextAfter}"), ...refusals(...TOKEN_REFUSALS) },
      },
      post: {
        summary: "Ask for a model run: a prompt template sent through a connection over a list filter, a set of ids or a queue",
        description: "Role admin. Body {connectionId, templateId, k (1-16), temperature (0-2, above 0 when k > 1), maxTokens?, outputName?, scope: {kind: filter, filter} | {kind: ids, ids} | {kind: queue, queueId}}. The items are frozen now; a worker sends them, each reply cached so an identical run sends nothing. A grounding template whose convention is not the connection's is refused. Audited.",
        parameters: [PROJECT],
        requestBody: { required: true, content: { "application/json": { schema: schemaOf(StartRunSchema, "input") } } },
        responses: { 202: object("{run}"), ...refusals(400, ...TOKEN_REFUSALS, 413, 429) },
      },
    },
    "/api/v1/projects/{projectId}/model-runs/{runId}": {
      get: { summary: "A model run, with the exact template it sent and its progress", description: "Role reviewer.", parameters: [PROJECT, RUN], responses: { 200: object("{run}"), ...refusals(...TOKEN_REFUSALS) } },
    },
    "/api/v1/projects/{projectId}/model-runs/{runId}/items": {
      get: {
        summary: "A run's items in its order (?status=pending|done|failed, ?outcome=, ?after=<ordinal>; 50 a page)",
        description: "Role reviewer. Each item's outcome (point, box, refusal, outside_image, wrong_format, verdict, split, score), the share of its k samples that agreed, its error kind and message, and every sample's reply with what was parsed.",
        parameters: [PROJECT, RUN],
        responses: { 200: object("{items, matching, byStatus, outcomes, nextAfter}"), ...refusals(...TOKEN_REFUSALS) },
      },
    },
    "/api/v1/projects/{projectId}/model-runs/{runId}/cancel": {
      post: { summary: "Stop a queued or running run; what is not answered stays pending", description: "Role admin. 409 when it is not queued or running. Audited.", parameters: [PROJECT, RUN], responses: { 200: object("{progress}"), ...refusals(...TOKEN_REFUSALS, 409) } },
    },
    "/api/v1/projects/{projectId}/model-runs/{runId}/resume": {
      post: { summary: "Send a stopped or finished run's pending and failed items again", description: "Role admin. Answered items are not asked again. 409 while it runs or when nothing is left. Audited.", parameters: [PROJECT, RUN], responses: { 202: object("{progress}"), ...refusals(...TOKEN_REFUSALS, 409, 429) } },
    },
  };
}

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
          summary: "Push samples, trajectories, verdicts and human labels (NDJSON, streamed); runs as an import job",
          description: "Role admin. The body is Verity JSONL (schema: /api/schemas/verity-import) unless ?format= names another single-file format. Lines that fail are reported per line in the job's report; the others are imported. `annotation` lines are labels made elsewhere, by annotators named by e-mail: each becomes the answer of a placeholder account (the site owner links it to a person), and a `verified` one is pinned as the item's final answer, decided by the token's creator.",
          parameters: [
            PROJECT,
            { name: "format", in: "query", required: false, schema: { type: "string", pattern: "^[a-z0-9-]{1,64}$", default: "verity-jsonl" } },
            { name: "model", in: "query", required: false, description: "the model a results file's answers are from, when the file names none", schema: { type: "string", maxLength: 200 } },
            { name: "contract", in: "query", required: false, description: "coordinate contract of the records' boxes and points (format:unit)", schema: { type: "string", enum: [...CONTRACT_CHOICES] } },
            { name: "onVerifiedChange", in: "query", required: false, description: "a verified item whose inputs (instruction, screenshot, goal, step actions) the import changes is reopened (default) or keeps its verified inputs; the job report names each one", schema: { type: "string", enum: ["reopen", "keep"], default: "reopen" } },
          ],
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
      ...annotationPaths("samples", "sampleId", "sample", SampleAnnotationBodySchema),
      ...annotationPaths("trajectories", "trajectoryId", "trajectory", TrajectoryAnnotationBodySchema),
      "/api/v1/projects/{projectId}/judges": {
        get: {
          summary: "How each MLLM judge agrees with verified human outcomes (confusion, precision, recall, kappa with intervals)",
          description: "Role reviewer. The same counts as the dashboard and the calibration pages: one verdict per trajectory, judge and prompt version, at its current revision; the judge's own value, never an override.",
          parameters: [PROJECT, ...queryParams(JudgeAgreementQuerySchema)],
          responses: { 200: { description: "the judges", content: jsonContent(JudgeAgreementSchema) }, ...refusals(400, ...TOKEN_REFUSALS) },
        },
      },
      "/api/v1/projects/{projectId}/verdicts/{verdictId}": {
        get: {
          summary: "A machine verdict: its current value and revision, every revision, its effective value and overrides",
          description: "Role reviewer. A re-import that changes a verdict's value, score or rationale adds a revision of the same verdict; overrides stay with the verdict. overrideOutdated says the value changed under the override in force.",
          parameters: [PROJECT, pathParam("verdictId", "the verdict's id")],
          responses: { 200: { description: "the verdict", content: jsonContent(VerdictReadSchema) }, ...refusals(...TOKEN_REFUSALS) },
        },
      },
      "/api/v1/projects/{projectId}/verdicts/{verdictId}/overrides/{overrideId}/review": {
        post: {
          summary: "Confirm an override whose verdict changed under it (recorded again on the current revision), or withdraw it",
          description: "Role reviewer. Acts as the token's creator; the item's derived values follow in the same transaction.",
          parameters: [PROJECT, pathParam("verdictId", "the verdict's id"), pathParam("overrideId", "the override's id")],
          requestBody: { required: true, content: { "application/json": { schema: schemaOf(OverrideReviewBodySchema, "input") } } },
          responses: { 200: { description: "the verdict after the decision", content: jsonContent(VerdictReadSchema) }, ...refusals(400, ...TOKEN_REFUSALS, 409, 413) },
        },
      },
      "/api/v1/projects/{projectId}/verdicts/{verdictId}/overrides": {
        post: {
          summary: "Override a judge verdict (the verdict stays; the override becomes its effective value)",
          description: "Role reviewer. Acts as the token's creator; the item's derived values (score, tier, automatic outcome, flags, rewards) follow in the same transaction.",
          parameters: [PROJECT, pathParam("verdictId", "the verdict's id")],
          requestBody: { required: true, content: { "application/json": { schema: schemaOf(OverrideBodySchema, "input") } } },
          responses: { 201: { description: "the override", content: jsonContent(OverrideCreatedSchema) }, ...refusals(400, ...TOKEN_REFUSALS, 413) },
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
      ...modelConnectionPaths(),
      ...modelRunPaths(),
    },
  };
}
