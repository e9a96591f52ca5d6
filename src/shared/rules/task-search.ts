// Titles (the task_words table) and queries must be cut into words the same way: this one.

export const MAX_TITLE_WORDS = 60;
export const MAX_WORD_LENGTH = 40;
export const MAX_QUERY_WORDS = 5;

export function searchWords(text: string, max = MAX_TITLE_WORDS): string[] {
  const words = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "")
    .map((word) => [...word].slice(0, MAX_WORD_LENGTH).join(""));
  return [...new Set(words)].slice(0, max);
}

/** Longest first: the longest prefix usually matches the fewest tasks. */
export function queryWords(query: string): string[] {
  return searchWords(query, MAX_QUERY_WORDS).sort((a, b) => b.length - a.length);
}

/** In code-point order, as SQLite's BINARY and PostgreSQL's "C" collation compare. */
export function prefixUpperBound(prefix: string): string {
  const points = [...prefix].map((char) => char.codePointAt(0)!);
  for (let index = points.length - 1; index >= 0; index--) {
    if (points[index]! < 0x10ffff) {
      const next = points.slice(0, index);
      next.push(points[index]! + 1);
      // Skip the surrogate range, which no string holds as code points.
      if (next[index]! >= 0xd800 && next[index]! <= 0xdfff) next[index] = 0xe000;
      return String.fromCodePoint(...next);
    }
  }
  return `${prefix}\u{10ffff}`;
}
