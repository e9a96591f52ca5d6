// Task search (issue 17): a task is found by the start of any word of its title. Titles and queries
// are cut into words the same way here, on the server when a title is written (the task_words
// table, migrations 0009 and 0010) and when a query is read: lower case, accents dropped, split on
// anything that is not a letter or a digit.

/** Words kept per title: a title is at most 200 characters, so this only bounds odd input. */
export const MAX_TITLE_WORDS = 60;
/** Longer words are kept cut to this length (a search for a longer prefix still finds them). */
export const MAX_WORD_LENGTH = 40;
/** Query words used; more narrow nothing a person types. */
export const MAX_QUERY_WORDS = 5;

/** The distinct words of a text, in order: "Café-menu (v2)" -> ["cafe", "menu", "v2"]. */
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

/** The query's words, longest first (the longest prefix usually matches the fewest tasks). */
export function queryWords(query: string): string[] {
  return searchWords(query, MAX_QUERY_WORDS).sort((a, b) => b.length - a.length);
}

/**
 * The smallest string greater than every string starting with `prefix`, in code-point order (the
 * order SQLite's BINARY and PostgreSQL's "C" collation compare in): a prefix match is then the
 * range [prefix, upper).
 */
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
