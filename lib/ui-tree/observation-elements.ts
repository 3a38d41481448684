// A step's observation as a list of numbered elements, when it is one. WebVoyager writes the
// elements it labelled on the screenshot as `[N]: <tag> "text";` (or `[N]: "text";` for
// elements without an interesting tag), joined by tabs (MinorJerry/WebVoyager @ 5a78967,
// utils.py:179-209 get_web_element_rect), after run.py's instructions; an action such as
// "Click [33]" names one by N. Other observations are plain text (null here).
export type ObservationElement = { label: string; tag: string | null; text: string };

const MARKER = /(?:^|[\t\n])\s*\[(\d+)\]:[ \t]?/g;
const TAG = /^<([a-zA-Z][\w-]*)>\s*/;

export function observationElements(observation: string): ObservationElement[] | null {
  const markers = [...observation.matchAll(MARKER)];
  if (markers.length === 0) return null;
  return markers.map((m, i) => {
    const start = m.index! + m[0].length;
    const end = i + 1 < markers.length ? markers[i + 1]!.index! : observation.length;
    let body = observation.slice(start, end).trim().replace(/;$/, "").trim();
    const tag = TAG.exec(body);
    if (tag) body = body.slice(tag[0].length);
    return { label: m[1]!, tag: tag ? tag[1]!.toLowerCase() : null, text: body };
  });
}

/** An element matches a search by its number ("33", "[33]") or by any part of its text or tag. */
export function elementMatches(element: ObservationElement, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const number = /^\[?(\d+)\]?$/.exec(q);
  if (number) return element.label === number[1];
  return element.text.toLowerCase().includes(q) || (element.tag !== null && `<${element.tag}>`.includes(q));
}

/** The number an action names when the list lacks it, else null. WebVoyager labels more
 * elements on the screenshot than it lists: an element with no text (other than a text
 * input, a textarea or a button), with 200 characters of text or more, or whose text is an
 * image tag is drawn but not listed (utils.py, get_web_element_rect's format_ele_text loop). */
export function unlistedLabel(elements: ObservationElement[], named: string | null): string | null {
  return named !== null && !elements.some((e) => e.label === named) ? named : null;
}
