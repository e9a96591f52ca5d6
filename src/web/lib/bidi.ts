// User text put inside one of the app's sentences (a task's or goal's title in a notice) is isolated,
// so a right-to-left title neither flips the sentence around it nor is flipped by it.

const FIRST_STRONG_ISOLATE = "\u2068";
const POP_DIRECTIONAL_ISOLATE = "\u2069";
const ISOLATED_RUN = /\u2068([^\u2068\u2069]*)\u2069/g;

/**
 * The text between Unicode's isolate marks, the plain-text <bdi>: kept by strings that leave the
 * page (browser notifications), and shown as <bdi> by the toaster.
 */
export function isolate(text: string): string {
  return `${FIRST_STRONG_ISOLATE}${text.replace(/[\u2068\u2069]/g, "")}${POP_DIRECTIONAL_ISOLATE}`;
}

/** The text in order, its isolated runs at odd indexes, without their marks. */
export function splitIsolates(text: string): string[] {
  return text.split(ISOLATED_RUN);
}
