// Finds the listed paths that share the longest tail of segments with a reference
// ("run/task/Screen/shot.png" against "logs/evaluation/run/task/Screen/shot.png"). Paths are
// bucketed by basename; a bucket small enough is scanned, a large one (every trace has a
// "1.png") is split by the next segment up, lazily and cached, so a lookup touches a few
// dozen paths however many share a basename. The index is immutable once built: the cached
// splits are only valid for the paths added before the first lookup.

const SCAN_LIMIT = 32;
/** Group key for paths that have no segment left at a depth; real segments are never empty. */
const NO_SEGMENT = "";

export type SuffixMatch =
  | { kind: "none" }
  | { kind: "exact"; path: string }
  | { kind: "unique"; path: string; matchedSegments: number }
  | { kind: "ambiguous"; matchedSegments: number; count: number; examples: string[] };

export type PathSuffixIndex = {
  add(path: string): void;
  /** `segments`: the reference's canonical segments, non-empty, none of them empty. */
  match(segments: readonly string[]): SuffixMatch;
};

export function createPathSuffixIndex(): PathSuffixIndex {
  const byBasename = new Map<string, string[]>();
  const splits = new Map<string, Map<string, string[]>>();

  /** Candidates sharing the reference's last `depth` segments, grouped by the segment before. */
  function splitAt(suffix: string, candidates: string[], depth: number): Map<string, string[]> {
    let groups = splits.get(suffix);
    if (!groups) {
      groups = new Map();
      for (const candidate of candidates) {
        const segments = candidate.split("/");
        const key = segments[segments.length - 1 - depth] ?? NO_SEGMENT;
        const group = groups.get(key);
        if (group) group.push(candidate);
        else groups.set(key, [candidate]);
      }
      splits.set(suffix, groups);
    }
    return groups;
  }

  return {
    add(path) {
      const basename = path.slice(path.lastIndexOf("/") + 1);
      const bucket = byBasename.get(basename);
      if (bucket) bucket.push(path);
      else byBasename.set(basename, [path]);
    },
    match(segments) {
      const n = segments.length;
      let candidates = byBasename.get(segments[n - 1]!);
      if (!candidates) return { kind: "none" };
      let depth = 1;
      while (candidates.length > SCAN_LIMIT) {
        const groups = splitAt(segments.slice(n - depth).join("/"), candidates, depth);
        if (depth === n) {
          // Every candidate ends with the whole reference; only one can be it exactly.
          const exact = groups.get(NO_SEGMENT);
          return exact ? { kind: "exact", path: exact[0]! } : ambiguous(candidates, depth);
        }
        const next = groups.get(segments[n - 1 - depth]!);
        if (!next) return ambiguous(candidates, depth);
        candidates = next;
        depth += 1;
      }
      return scan(candidates, segments);
    },
  };
}

function scan(candidates: string[], segments: readonly string[]): SuffixMatch {
  const joined = segments.join("/");
  let best = 0;
  let winners: string[] = [];
  for (const candidate of candidates) {
    if (candidate === joined) return { kind: "exact", path: candidate };
    const matched = sharedTail(candidate.split("/"), segments);
    if (matched > best) {
      best = matched;
      winners = [candidate];
    } else if (matched === best) {
      winners.push(candidate);
    }
  }
  if (winners.length === 1) return { kind: "unique", path: winners[0]!, matchedSegments: best };
  return ambiguous(winners, best);
}

function sharedTail(a: readonly string[], b: readonly string[]): number {
  let shared = 0;
  while (shared < a.length && shared < b.length && a[a.length - 1 - shared] === b[b.length - 1 - shared]) {
    shared += 1;
  }
  return shared;
}

function ambiguous(paths: string[], matchedSegments: number): SuffixMatch {
  return { kind: "ambiguous", matchedSegments, count: paths.length, examples: paths.slice(0, 3) };
}
