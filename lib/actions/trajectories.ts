"use server";
// Server actions of the trajectory review screen: overrides of trace-success and step verdicts
// (reviewers), each checked on the project. Saves go to the answer route
// (app/api/projects/[projectId]/trajectories/[trajectoryId]/answer).
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/session";
import { failureText } from "@/lib/actions/run-action";

const Id = z.string().regex(/^[a-z0-9]{10,40}$/);
