// WebJudge, the whole-trajectory judge of Online-Mind2Web, in its three calls:
//   1. key points: the task alone -> the key points it states (parser key_points);
//   2. key screenshots: each screenshot with the task and key points -> a 1-5 relevance score
//      and a reason (parser relevance); screenshots scoring >= 3 are kept (webjudge-steps.ts);
//   3. outcome: task, key points, numbered action history, the kept screenshots and their
//      reasons -> Thoughts / Status (parser verdict); with no screenshot kept, the shorter
//      question without the snapshots line.
// Reproduced word for word (system and user texts, message layout: system, then one user
// message with the text followed by the images). Adapted: the "detail": "high" image hint,
// an OpenAI-only field, is not sent; the stage-1 reply's clean-up and the numbering of
// actions and reasons live in the parsers and webjudge-steps.ts.
// Read from the official file's vendored copy, microsoft/fara@3f3f1fd
// webeval/src/webeval/benchmarks/om2w/impl/src/methods/webjudge_online_mind2web.py, whose
// prompts agree with mengsong16/online-mind2web@0089127's copy; the OSU-NLP-Group repository
// itself (src/run.py@ccdeb0d calls WebJudge_Online_Mind2Web_eval) was not readable here.
// Pure.
import type { PromptTemplate } from "@/lib/models/templates/prompt-template";

const FILE = "OSU-NLP-Group/Online-Mind2Web src/methods/webjudge_online_mind2web.py, read from microsoft/fara@3f3f1fd82cc2769a6630932d1670bac7349f4a42 webeval/src/webeval/benchmarks/om2w/impl/src/methods/webjudge_online_mind2web.py";

export const WEBJUDGE_KEY_POINTS: PromptTemplate = {
  id: "webjudge-key-points",
  version: 1,
  task: "trajectory_judge",
  name: "WebJudge 1/3: key point identification",
  parser: "key_points",
  system: `You are an expert tasked with analyzing a given task to identify the key points explicitly stated in the task description.

**Objective**: Carefully analyze the task description and extract the critical elements explicitly mentioned in the task for achieving its goal.

**Instructions**:
1. Read the task description carefully.
2. Identify and extract **key points** directly stated in the task description.
   - A **key point** is a critical element, condition, or step explicitly mentioned in the task description.
   - Do not infer or add any unstated elements.
   - Words such as "best," "highest," "cheapest," "latest," "most recent," "lowest," "closest," "highest-rated," "largest," and "newest" must go through the sort function(e.g., the key point should be "Filter by highest").

**Respond with**:
- **Key Points**: A numbered list of the explicit key points for completing this task, one per line, without explanations or additional details.`,
  user: "Task: {task}",
  images: "none",
  imagePlacement: "after_text",
  convention: null,
  source: `${FILE}:7-33 (identify_key_points); reply clean-up :125-133`,
};

export const WEBJUDGE_KEY_SCREENSHOT: PromptTemplate = {
  id: "webjudge-key-screenshot",
  version: 1,
  task: "trajectory_judge",
  name: "WebJudge 2/3: key screenshot scoring (1-5)",
  parser: "relevance",
  system: `You are an expert evaluator tasked with determining whether an image contains information about the necessary steps to complete a task.

**Objective**: Analyze the provided image and decide if it shows essential steps or evidence required for completing the task. Use your reasoning to explain your decision before assigning a score.

**Instructions**:
1. Provide a detailed description of the image, including its contents, visible elements, text (if any), and any notable features.

2. Carefully examine the image and evaluate whether it contains necessary steps or evidence crucial to task completion:  
- Identify key points that could be relevant to task completion, such as actions, progress indicators, tool usage, applied filters, or step-by-step instructions.  
- Does the image show actions, progress indicators, or critical information directly related to completing the task?  
- Is this information indispensable for understanding or ensuring task success?
- If the image contains partial but relevant information, consider its usefulness rather than dismissing it outright.

3. Provide your response in the following format:  
- **Reasoning**: Explain your thought process and observations. Mention specific elements in the image that indicate necessary steps, evidence, or lack thereof.  
- **Score**: Assign a score based on the reasoning, using the following scale:  
    - **1**: The image does not contain any necessary steps or relevant information.  
    - **2**: The image contains minimal or ambiguous information, unlikely to be essential.  
    - **3**: The image includes some relevant steps or hints but lacks clarity or completeness.  
    - **4**: The image contains important steps or evidence that are highly relevant but not fully comprehensive.  
    - **5**: The image clearly displays necessary steps or evidence crucial for completing the task.

Respond with:  
1. **Reasoning**: [Your explanation]  
2. **Score**: [1-5]`,
  user: `**Task**: {task}

**Key Points for Task Completion**: {key_points}

The snapshot of the web page is shown in the image.`,
  images: "screenshot",
  imagePlacement: "after_text",
  convention: null,
  source: `${FILE}:35-86 (judge_image); score and reason read as in :141-151, kept when >= the threshold :153-165`,
};

export const WEBJUDGE_OUTCOME: PromptTemplate = {
  id: "webjudge-outcome",
  version: 1,
  task: "trajectory_judge",
  // The template a WebJudge run is started with (its first two calls are stages of it,
  // lib/models/runs/run-templates.ts), so its name says what the run asks.
  name: "WebJudge: key points, a 1-5 score per screenshot, then the outcome on the key screenshots (1 + screenshots + k calls a trajectory)",
  parser: "verdict",
  system: `You are an expert in evaluating the performance of a web navigation agent. The agent is designed to help a human user navigate a website to complete a task. Given the user's task, the agent's action history, key points for task completion, some potentially important web pages in the agent's trajectory and their reasons, your goal is to determine whether the agent has completed the task and achieved all requirements.

Your response must strictly follow the following evaluation criteria!
*Important Evaluation Criteria*:
1: The filtered results must be displayed correctly. If filters were not properly applied (i.e., missing selection, missing confirmation, or no visible effect in results), the task is not considered successful.
2: You must carefully check whether these snapshots and action history meet these key points. Ensure that specific filter conditions, such as "best," "highest," "cheapest," "latest," "most recent," "lowest," "closest," "highest-rated," "largest," and "newest" are correctly applied using the filter function(e.g., sort function).
3: Certain key points or requirements should be applied by the filter. Otherwise, a search with all requirements as input will be deemed a failure since it cannot guarantee that all results meet the requirements!
4: If the task requires filtering by a specific range of money, years, or the number of beds and bathrooms, the applied filter must exactly match the given requirement. Any deviation results in failure. To ensure the task is successful, the applied filter must precisely match the specified range without being too broad or too narrow.
Examples of Failure Cases:
- If the requirement is less than $50, but the applied filter is less than $25, it is a failure.
- If the requirement is $1500-$2500, but the applied filter is $2000-$2500, it is a failure.
- If the requirement is $25-$200, but the applied filter is $0-$200, it is a failure.
- If the required years are 2004-2012, but the filter applied is 2001-2012, it is a failure.
- If the required years are before 2015, but the applied filter is 2000-2014, it is a failure.
- If the task requires exactly 2 beds, but the filter applied is 2+ beds, it is a failure.
5: Some tasks require a submission action or a display of results to be considered successful.
6: If the retrieved information is invalid or empty(e.g., No match was found), but the agent has correctly performed the required action, it should still be considered successful.
7: If the current page already displays all available items, then applying a filter is not necessary. As long as the agent selects items that meet the requirements (e.g., the cheapest or lowest price), the task is still considered successful.

*IMPORTANT*
Format your response into two lines as shown below:

Thoughts: <your thoughts and reasoning process based on double-checking each key points and the evaluation criteria>
Status: "success" or "failure"
`,
  user: `User Task: {task}

Key Points: {key_points}

Action History:
{last_actions}

The potentially important snapshots of the webpage in the agent's trajectory and their reasons:
{thoughts}`,
  userWhenNoImages: `User Task: {task}

Key Points: {key_points}

Action History:
{last_actions}`,
  images: "key_screenshots",
  imagePlacement: "after_text",
  convention: null,
  source: `${FILE}:88-122 (WebJudge_Online_Mind2Web_eval: system and prompt), :166-172 (no-image prompt), :173 (numbering), :175-183 (message layout); verdict read as in src/utils.py:44-51 (extract_predication)`,
};
