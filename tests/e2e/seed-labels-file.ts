// Names the labels spec shares with its seed (seed-labels.ts), apart from the seeding code so
// the spec does not load server modules.
export const LABELS_PROJECT = "arb-labels";
export const LINKED_USER = { email: "hana@e2e.test", name: "Hana Hill" };
export const LABELS_PROJECT_NAME = "Web agent rewards";
/** A project of its own for labels pushed through the API, so their figures move for nobody else. */
export const API_LABELS_PROJECT = "api-labels";
