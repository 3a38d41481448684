// "Submit and next" on a trajectory goes to the next one still to review: for a reviewer past
// the settled ones, for an annotator past those they answered themselves (never past what
// others settled, which would tell a honeypot apart), on both providers.
import { describe, expect, it } from "vitest";
import { PROVIDERS } from "./databases";
import { labels, makeTrajectory, queueProject, trajectoryAnswer } from "./queue-support";
import { neighbourTrajectories } from "@/lib/trajectories/list-trajectories";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";

const PEOPLE = { rev: "reviewer", ann: "annotator" } as const;

describe.each(PROVIDERS)("the next trajectory to review on %s", (provider) => {
  it("skips what the reviewer settled, and only what the annotator answered", async () => {
    const { db, project, person } = await queueProject(provider, PEOPLE);
    const ids: string[] = [];
    for (const name of ["a", "b", "c", "d"]) ids.push((await makeTrajectory(db, project.id, name, 2)).id);
    ids.sort();
    const [first, second, third, fourth] = ids as [string, string, string, string];
    const answer = trajectoryAnswer("success", labels("correct", "correct"));
    // The reviewer verifies the second; the annotator answers the third.
    await saveTrajectoryAnnotation(db, person("rev"), { trajectoryId: second, baseVersion: null, status: "submitted", payload: answer });
    await saveTrajectoryAnnotation(db, person("ann"), { trajectoryId: third, baseVersion: null, status: "submitted", payload: answer });

    const reviewer = { userId: person("rev").user.id, seesHuman: true };
    const annotator = { userId: person("ann").user.id, seesHuman: false };
    expect(await neighbourTrajectories(db, project.id, first, {}, reviewer)).toMatchObject({ next: second, nextToReview: third });
    // The annotator passes their own answer, not the reviewer's verified item.
    expect(await neighbourTrajectories(db, project.id, first, {}, annotator)).toMatchObject({ next: second, nextToReview: second });
    expect(await neighbourTrajectories(db, project.id, second, {}, annotator)).toMatchObject({ next: third, nextToReview: fourth });
    expect(await neighbourTrajectories(db, project.id, fourth, {}, reviewer)).toMatchObject({ next: null, nextToReview: null });
  });
});
