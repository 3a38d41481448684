// Where the review-screens seed (tests/e2e/seed-screens.ts) leaves its ids for the specs;
// free of server modules, so the Playwright side can import it.
import { readFileSync } from "node:fs";
import path from "node:path";

export const SCREENS_SEED_FILE = "screens-seed.json";
export const SCREENS_SLUG = "screens";

export type ScreensSeed = {
  projectId: string;
  /** A WebVoyager-sized (1024x768) trajectory whose first step clicks a small element. */
  landscapeTrajectory: string;
  /** The small icon on the 2560x1440 screenshot, as the imported target box. */
  icon: [number, number, number, number];
  samples: {
    /** Labels at fit zoom: the imported box on the icon, three models' points (two inside). */
    labels: string;
    /** Live hit/miss: the same icon and models; the spec moves the box off alpha's point. */
    live: string;
    /** The same, for the Chinese screen's test (which runs beside the English one). */
    liveZh: string;
    /** Keyboard-only editing: one imported box, selected on load, nudged and resized by keys. */
    keys: string;
  };
  /** Three annotators' boxes on the icon, awaiting adjudication. */
  adjudication: { queueId: string; queueItemId: string };
};

export function readScreensSeed(): ScreensSeed {
  return JSON.parse(readFileSync(path.join(process.env.VERITY_DATA_DIR!, SCREENS_SEED_FILE), "utf8")) as ScreensSeed;
}
