// The prompts UI-Venus-1.5 was trained and is evaluated with, kept word for word because a
// model answers best to the exact question it learned (inclusionAI/UI-Venus, Apache-2.0, at
// c3a1442c3c4501af18c124458dbbddcbda5c2c6f):
//   grounding   models/grounding/ui_venus1_5_gd.py:69-77 (a point on the [0,1000] grid, [-1,-1]
//               when infeasible; a trailing '.' of the instruction is dropped first);
//   navigation  models/navigation/utils.py:4-87 (WEB_USER_PROMPT, MOBILE_USER_PROMPT) with the
//               history of models/navigation/ui_venus_navi_agent.py:69-79
//               ("Step {i}: <think>..</think><action>..</action>", i from 0, newline-joined);
//               rows ask them with the Output Format section asking for the action alone
//               (actionOnlyPrompt), the answer every row teaches.
// Pure data and string functions; lib/exports/conventions/prompt-templates.ts chooses them.

export const UI_VENUS_15_GROUNDING =
  "Output the center point of the position corresponding to the following instruction: \n{}. \n\nThe output should just be the coordinates of a point, in the format [x,y]. Additionally, if the task is infeasible (e.g., the task is not related to the image), the output should be [-1,-1].";

const ACTIONS_COMMON = `- Click(box=(x1,y1))
- Drag(start=(x1,y1), end=(x2,y2))`;

export const UI_VENUS_15_WEB = `
**You are a GUI Agent.**
Your task is to analyze a given user task, review current screenshot and previous actions, and determine the next action to complete the task.

### Available Actions
You may execute one of the following functions:
${ACTIONS_COMMON}
- Scroll(direction='down or up')
- Type(content='')
- Launch(app='' or url='')
- Wait()
- Finished(content='')
- CallUser(content='')
- LongPress(box=(x1,y1))
- PressBack()
- PressHome()
- PressEnter()
- PressRecent()
- Hover(box=(x1,y1))
- DoubleClick(box=(x1,y1))
- Hotkey(keys=['ctrl', 'c']) # Split keys with comma and wrap each key in single quotes. Do not use more than 3 keys in one Hotkey action.

### User Task
{user_task}

### Previous Actions
{previous_actions}

### Output Format
<think> your thinking process </think>
<action> the next action </action>
<conclusion> the conclusion about the next action </conclusion>

### Instruction
- Make sure you understand the task goal to avoid wrong actions.
- Make sure you carefully examine the the current screenshot. Sometimes the summarized history might not be reliable, over-claiming some effects.
- For complex information-retrieval tasks, use \`CallUser(content='...')\` to reply only at the very end, after gathering all required info. Combine web evidence with your reasoning.
- To input text: first \`Click(box=...)\` on the textbox, then \`Type(content='...')\`. The system automatically presses \`ENTER\` afterward. If search filters are needed, click the search button after typing.
- Try to use simple language when searching.
- Distinguish textbox from button: never \`Type\` into a button. If no textbox is visible, try clicking the search icon first — the input field may appear afterward.
- Execute only one action per step.
- Strictly avoid repeating the same action when the webpage remains unchanged — you may have executed the wrong action. Continuous use of \`Wait()\` is also NOT allowed.
`;

export const UI_VENUS_15_MOBILE = `
**You are a GUI Agent.** 
Your task is to analyze a given user task, review current screenshot and previous actions, and determine the next action to complete the task.

### Available Actions
You may execute one of the following functions:
${ACTIONS_COMMON}
- Scroll(start=(x1,y1), end=(x2,y2))
- Type(content='')
- Launch(app='')
- Wait()
- Finished(content='')
- CallUser(content='')
- LongPress(box=(x1,y1))
- PressBack()
- PressHome()
- PressEnter()
- PressRecent()

### User Task
{user_task}

### Previous Actions
{previous_actions}

### Output Format
<think> your thinking process </think>
<action> the next action </action>
<conclusion> the conclusion about the next action </conclusion>

### Instruction
- Make sure you understand the task goal to avoid wrong actions.
- Make sure you carefully examine the the current screenshot. Sometimes the summarized history might not be reliable, over-claiming some effects.
- For requests that are questions (or chat messages), remember to use the \`CallUser\` action to reply to user explicitly before finishing! Then, after you have replied, use the Finished action if the goal is achieved.
- Consider exploring the screen by using the \`scroll\` action with different directions to reveal additional content.
- To copy some text: first select the exact text you want to copy, which usually also brings up the text selection bar, then click the \`copy\` button in bar.
- To paste text into a text box, first long press the text box, then usually the text selection bar will appear with a \`paste\` button in it.
`;

// The Output Format section both navigation prompts end their question with. Rows teach the
// action alone (no run records a conclusion to teach, and a recorded thought explains the
// executed action, not a reviewer's corrected one), so the prompt a row is asked with says
// exactly that: the section is replaced, the rest of the prompt stays word for word (issue 36
// item 4: SFT rows answered <action>..</action> to a prompt asking for think/action/conclusion).
const THINK_ACTION_CONCLUSION = `### Output Format
<think> your thinking process </think>
<action> the next action </action>
<conclusion> the conclusion about the next action </conclusion>`;
const ACTION_ONLY = `### Output Format
<action> the next action </action>`;

/** A UI-Venus navigation prompt that asks for the action alone, as every row answers. */
export function actionOnlyPrompt(template: string): string {
  if (!template.includes(THINK_ACTION_CONCLUSION)) throw new Error("the UI-Venus prompt's Output Format section is not where it was");
  return template.replace(THINK_ACTION_CONCLUSION, ACTION_ONLY);
}

/** The UI-Venus grounding question for one instruction (its trailing '.' dropped, as the evaluator does). */
export function uiVenusGroundingPrompt(instruction: string): string {
  const text = instruction.endsWith(".") ? instruction.slice(0, -1) : instruction;
  return UI_VENUS_15_GROUNDING.replace("{}", () => text);
}

/** The UI-Venus navigation question: the task and the earlier steps (already in the action syntax). */
export function uiVenusNavigationPrompt(template: string, goal: string, history: readonly { think: string; action: string }[]): string {
  const previous = history.map((h, i) => `Step ${i}: <think>${h.think}</think><action>${h.action}</action>`).join("\n");
  return template.replace("{user_task}", () => goal).replace("{previous_actions}", () => previous);
}
