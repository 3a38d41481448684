// Where the authorization matrix finds its seeded objects (written by seed-authz.ts), apart
// from the seeding code so that specs read it without loading the server modules.
export const AUTHZ_SEED_FILE = "authz-seed.json";

export type AuthzSeed = {
  demoProjectId: string;
  otherProjectId: string;
  runsProjectId: string;
  sampleIds: string[]; // one per role that saves, so saves never conflict
  verdictId: string;
  trajectoryIds: string[];
  queueId: string;
  skipQueueId: string;
  closableQueueId: string;
  adjudicationItemId: string;
  verifiedSampleId: string;
  reopenSampleId: string; // verified, for the reviewer's reopening
  proposalAnnotationId: string; // an annotator's open proposal on a verified sample
  guardedSampleId: string; // verified: no lower role may change its final answer
  guardedTrajectoryId: string;
  triageQueueId: string;
  triageItemId: string;
  runId: string;
  jobId: string;
  treeStepId: string;
  otherUserEmail: string;
  placeholderToLinkId: string; // linked to the matrix member by the owner's probe
  placeholderToConvertId: string; // made a user by the owner's probe
  sampleRuns: { draw: string; more: string; compareA: string; compareB: string }; // evaluation runs of the demo project
};
