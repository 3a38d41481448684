// Generated WebVoyager result folders in MinorJerry/WebVoyager's layout (run.py): one
// `task<id>/` per task (ids like "BBC News--5", so names have spaces) with the chat log
// `interact_messages.json` and `screenshot{it}.png` per loop iteration, the numbered
// set-of-marks labels drawn on it; some runs also kept `screenshot{it}_no_box.png`, the page
// before the labels were drawn. User turns list the labelled elements (`[3]: <button>
// "Search"`) after run.py's instructions; turns older than the last three are clipped to
// "(Omitted in context.)"; a malformed reply is answered with "Format ERROR" and no
// screenshot that iteration. `tasks_test.jsonl` at the root gives each id its question.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { renderLabelled, renderScreen } from "./screens";

export const WEBVOYAGER_SIZE = { width: 640, height: 480 };

type Turn = { reply: string; elements: string[] };
type Task = { id: string; web: string; ques: string; turns: Turn[]; isClean?: boolean };

const OBSERVATION = "Observation: please analyze the attached screenshot and give the Thought and Action. I've provided the tag name of each element and the text it contains (if text exists). Note that <textarea> or <input> may be textbox, but not exactly. Please focus more on the screenshot and then refer to the textual information.";
const CLIPPED = "Observation: A screenshot and some texts. (Omitted in context.)";
const FORMAT_ERROR = "Format ERROR: Both 'Thought' and 'Action' should be included in your reply.";

const elements = (...texts: string[]) => texts.map((t, i) => `[${i + 1}]: ${t}`);

export const WEBVOYAGER_TASKS: Task[] = [
  {
    id: "ArXiv--2",
    web: "https://arxiv.org/",
    ques: "Find the newest arXiv paper about graph neural networks for traffic forecasting and give its title.",
    isClean: true,
    turns: [
      { reply: "Thought: The search box is element [2].\n\nAction: Click [2]", elements: elements('<a> "Login"', '<input> "Search..."', '<button> "Search"') },
      { reply: "Thought: Type the query.\n\nAction: Type [2]; graph neural networks traffic forecasting", elements: elements('<a> "Login"', '<input> "Search..."', '<button> "Search"') },
      { reply: "Thought: The results are sorted by relevance; scroll to see more.\n\nAction: Scroll [WINDOW]; down", elements: elements('<a> "Next"', '"Spatio-temporal graph networks for traffic"', '<select> "Sort"') },
      { reply: "Thought: The first result is the newest.\n\nAction: ANSWER; Spatio-temporal graph networks for traffic", elements: elements('<a> "Next"', '"Spatio-temporal graph networks for traffic"') },
    ],
  },
  {
    id: "BBC News--5",
    web: "https://www.bbc.com/news",
    ques: "Open the technology section of BBC News and report the headline of the top story.",
    turns: [
      { reply: "Thought: The Technology tab is [4].\n\nAction: Click [4]", elements: elements('<a> "Home"', '<a> "World"', '<a> "Business"', '<a> "Technology"') },
      { reply: "I think the top story is about chips.", elements: elements('<a> "Home"', '"Chip makers race to build smaller transistors"') },
      { reply: "Thought: Open the top story to read its headline.\n\nAction: Click [2]", elements: [] },
      { reply: "Thought: The headline is at the top.\n\nAction: ANSWER; Chip makers race to build smaller transistors", elements: elements('"Chip makers race to build smaller transistors"', '<a> "Share"') },
    ],
  },
  {
    id: "Google Map--7",
    web: "https://www.google.com/maps/",
    ques: "Find a library near Central Station and give its name.",
    turns: [
      { reply: "Thought: Search for libraries.\n\nAction: Type [1]; library near Central Station", elements: elements('<input> "Search Google Maps"', '<button> "Directions"') },
      { reply: "Thought: The results are loading.\n\nAction: Wait", elements: elements('<input> "library near Central Station"') },
      { reply: "Thought: The first result is the State Library.\n\nAction: ANSWER; State Library", elements: elements('"State Library"', '"City Library"', '<button> "Directions"') },
    ],
  },
];

function userTurn(index: number, task: Task, turn: Turn, total: number, webText: string) {
  const intro = index === 0 ? `Now given a task: ${task.ques}  Please interact with ${task.web} and get the answer. \n` : "";
  // run.py keeps the text and image of the last three observations only.
  if (total - index > 3) return { role: "user", content: `${intro}${CLIPPED}` };
  return {
    role: "user",
    content: [
      { type: "text", text: `${intro}${OBSERVATION}\n${webText}` },
      { type: "image_url", image_url: { url: "data:image/png;base64,{b64_img}" } },
    ],
  };
}

export type WebVoyagerOptions = { withScreens?: boolean; tasks?: Task[] };

/** Writes the task folders and the task list under `root`; returns the folder names. */
export async function writeWebVoyagerResults(root: string, options: WebVoyagerOptions = {}): Promise<string[]> {
  const withScreens = options.withScreens ?? true;
  const tasks = options.tasks ?? WEBVOYAGER_TASKS;
  const { width, height } = WEBVOYAGER_SIZE;
  const folders: string[] = [];
  let seed = 300;
  for (const task of tasks) {
    const folder = `task${task.id}`;
    folders.push(folder);
    const dir = path.join(root, folder);
    await mkdir(dir, { recursive: true });
    const messages: unknown[] = [{ role: "system", content: "Imagine you are a robot browsing the web, just like humans. (system prompt)" }];
    let failed = false;
    for (const [i, turn] of task.turns.entries()) {
      const iteration = i + 1;
      if (failed) {
        messages.push({ role: "user", content: FORMAT_ERROR });
      } else {
        messages.push(userTurn(i, task, turn, task.turns.length, turn.elements.join(";\t")));
        if (withScreens) {
          const s = seed++;
          await writeFile(path.join(dir, `screenshot${iteration}.png`), await renderLabelled(width, height, s));
          if (task.isClean) await writeFile(path.join(dir, `screenshot${iteration}_no_box.png`), await renderScreen(width, height, s));
        }
      }
      messages.push({ role: "assistant", content: turn.reply });
      failed = !/Thought:/.test(turn.reply) || !/Action:/.test(turn.reply);
    }
    await writeFile(path.join(dir, "interact_messages.json"), JSON.stringify(messages, null, 2));
  }
  const list = tasks.map((t) => JSON.stringify({ web_name: t.id.replace(/--\d+$/, ""), id: t.id, ques: t.ques, web: t.web }));
  list.push(JSON.stringify({ web_name: "Coursera", id: "Coursera--1", ques: "A task with no result folder.", web: "https://www.coursera.org/" }));
  await writeFile(path.join(root, "tasks_test.jsonl"), `${list.join("\n")}\n`);
  return folders;
}
