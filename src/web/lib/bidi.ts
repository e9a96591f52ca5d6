// So that a right-to-left title neither flips the sentence around it nor is flipped by it.

const FIRST_STRONG_ISOLATE = "\u2068";
const POP_DIRECTIONAL_ISOLATE = "\u2069";
const ISOLATED_RUN = /\u2068([^\u2068\u2069]*)\u2069/g;

/** Marks, not <bdi>: these strings also leave the page (browser notifications). */
export function isolate(text: string): string {
  return `${FIRST_STRONG_ISOLATE}${text.replace(/[\u2068\u2069]/g, "")}${POP_DIRECTIONAL_ISOLATE}`;
}

export function splitIsolates(text: string): string[] {
  return text.split(ISOLATED_RUN);
}
