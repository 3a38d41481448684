// Splits the model's reasoning out of an AndroidLab reply (`current_response`). The executor
// runs only the last line of the first ``` block (definition.py get_code_snippet), so the
// reasoning is the prose before that block. Replies usually read
//   "## Round N\n* Analysis: ...\n* Operation:\n\n```\ndo(...)\n```"
// and the round header and the "Analysis:" / "Operation:" labels are scaffolding, not thought.
// Without a code block the split is a guess, so the thought stays null and the raw reply is
// still kept beside the step.

const FENCE = "```";

export function splitAndroidLabThought(response: string | null): string | null {
  if (!response) return null;
  const fence = response.indexOf(FENCE);
  if (fence < 0) return null;
  const thought = response
    .slice(0, fence)
    .replace(/^\s*#*\s*Round\s+\d+\s*\n/i, "")
    .replace(/\s*\*?\s*Operation\s*:\s*$/i, "")
    .replace(/^\s*\*?\s*(Analysis|Thought)\s*:\s*/i, "")
    .trim();
  return thought === "" ? null : thought;
}
