// After sign-in we only ever go to a path on this site: "/x" but not "//evil" or
// "/\\evil" (which browsers treat as another host), and never an absolute URL, which is
// where an open redirect would come from.
const DEFAULT_PATH = "/projects";

export function safeCallbackPath(value: string | undefined | null): string {
  if (!value) return DEFAULT_PATH;
  const isSitePath = value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\");
  if (!isSitePath || /[\u0000-\u001f]/.test(value)) return DEFAULT_PATH;
  return value;
}
