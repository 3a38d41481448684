// Typing by pasting, as UI-TARS' OSWorld adapter does it. For `type(content=T)` the adapter
// writes, into the one code string that becomes the traj.jsonl line's `action`,
//   import pyperclip
//   pyperclip.copy('T')            T with its unescaped ' escaped, its end newline stripped
//   pyautogui.hotkey('ctrl', 'v')
//   time.sleep(0.5)
//   pyautogui.press('enter')       only when T ended with a newline (the model's "submit")
// after an opening `'''Observation: ... Thought: ...'''` string; a hotkey of `space` is
// written as `pyautogui.hotkey(' ')`. Read in xlang-ai/OSWorld's mm_agents through the copy
// limenlp/OS_Blind @ 240e58937a313c9d33695184631b461d63310799 (upstream is not stored here):
// uitars_agent.py L211 and L226 (the code's head), L246-262 (type); uitars15_v1.py L352,
// L384-385 (space as ' '), L423-442 (type); lib_run_single.py L46-58 (each code string runs,
// then is written as `action`).
// How the reader takes it (pyautogui-actions.ts):
//   - a copy and then a paste chord with nothing done in between (sleeps aside) is one
//     `type` of T: the paste is what put T on the screen, and it is what a reviewer, a reward
//     or a pool means by typing. The raw code stays on the step.
//   - the `press('enter')` after it stays its own `enter`: the code pressed Enter after
//     pasting, and the adapter's other branch (`pyautogui.write('T'); ...; press('enter')`)
//     reads as `type` + `enter` too, so a run reads the same whichever branch it used.
//   - a copy that nothing in the code pastes is a clipboard set, not an action: no action type
//     is guessed for it, the step's notes name it.
//   - a paste whose copy is not in the same code is the ctrl+v chord it is: what the
//     clipboard held is not known.
const PASTE_MODIFIERS = new Set(["ctrl", "control", "ctrlleft", "ctrlright", "command", "cmd"]);

/** ctrl+v (command+v on a Mac): the chord that pastes the clipboard. */
export function isPasteChord(keys: readonly string[]): boolean {
  const lower = keys.map((k) => k.toLowerCase());
  return lower.length === 2 && lower.includes("v") && lower.some((k) => PASTE_MODIFIERS.has(k));
}

const shown = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);

export const pastedNote = "typed by pasting: pyperclip.copy, then ctrl+v";

export const unpastedNote = (text: string) => `pyperclip.copy(${shown(text)}) sets the clipboard and nothing in this code pastes it: a clipboard set is not an action`;
