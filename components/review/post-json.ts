"use client";
// The review screens' writes on the hot path (a save, a claim's submit) go to JSON routes
// rather than server actions: the reply is the data alone (see the routes). A reply that is
// not the route's JSON (the network failed, a proxy answered) becomes a plain failure with the
// HTTP status, never an exception in the middle of the screen's save chain.
export async function postJson<T extends { ok: boolean }>(url: string, body: unknown): Promise<T | { ok: false; error: string }> {
  try {
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const json = (await response.json().catch(() => null)) as (T & { error?: unknown }) | null;
    if (json && typeof json.ok === "boolean") return json;
    const message = json && typeof json.error === "object" && json.error && "message" in json.error ? String((json.error as { message: unknown }).message) : `the server answered ${response.status}`;
    return { ok: false, error: message };
  } catch {
    return { ok: false, error: "the server could not be reached" };
  }
}
