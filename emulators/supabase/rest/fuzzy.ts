/**
 * The fuzzy string matching PostgREST's hints use ("Perhaps you meant …"): candidates sharing character trigrams
 * (then bigrams) with the query are ranked by the cosine of their gram counts, the best 50 are scored again by
 * normalized Levenshtein similarity, and those scoring at least `minScore` are returned best first. An exact
 * match, ignoring case, scores 1.
 */
export function fuzzyMatches(candidates: Iterable<string>, query: string, minScore = 0.33): Array<[score: number, value: string]> {
  const entries = new Map<string, string>();
  for (const candidate of candidates) {
    const key = candidate.toLowerCase();
    if (!entries.has(key)) entries.set(key, candidate);
  }
  const key = query.toLowerCase();
  const exact = entries.get(key);
  if (exact !== undefined) return [[1, exact]];
  for (const size of [3, 2]) {
    const queryGrams = gramCounts(key, size);
    const queryNorm = norm(queryGrams);
    const scored: Array<[number, string]> = [];
    for (const entry of entries.keys()) {
      const grams = gramCounts(entry, size);
      let dot = 0;
      for (const [gram, count] of queryGrams) dot += count * (grams.get(gram) ?? 0);
      if (dot > 0) scored.push([dot / (queryNorm * norm(grams)), entry]);
    }
    scored.sort((a, b) => b[0] - a[0]);
    const rescored = scored.slice(0, 50).map(([, entry]): [number, string] => [similarity(key, entry), entry]);
    rescored.sort((a, b) => b[0] - a[0]);
    const results = rescored.filter(([score]) => score >= minScore).map(([score, entry]): [number, string] => [score, entries.get(entry) ?? entry]);
    if (results.length > 0) return results;
  }
  return [];
}

/** The best match scoring at least `minScore`, if any. */
export function closestMatch(candidates: Iterable<string>, query: string, minScore = 0.33): string | undefined {
  return fuzzyMatches(candidates, query, minScore)[0]?.[1];
}

/** Grams of the text lowercased, stripped of everything but letters, digits, spaces and commas, and enclosed in `-`. */
function gramCounts(text: string, size: number): Map<string, number> {
  const normalized = `-${[...text.toLowerCase()].filter((char) => /[\p{L}\p{N}\s,]/u.test(char)).join("")}-`;
  const chars = [...normalized];
  const counts = new Map<string, number>();
  for (let offset = 0; offset <= chars.length - size; offset++) {
    const gram = chars.slice(offset, offset + size).join("");
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function norm(counts: Map<string, number>): number {
  let sum = 0;
  for (const count of counts.values()) sum += count * count;
  return Math.sqrt(sum);
}

/** 1 - Levenshtein distance / length of the longer text. */
function similarity(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const longest = Math.max(x.length, y.length);
  if (longest === 0) return 1;
  let previous = Array.from({ length: y.length + 1 }, (_, index) => index);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return 1 - (previous[y.length] ?? 0) / longest;
}
