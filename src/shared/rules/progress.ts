// The day's progress bar colour bands (spec section 9: colours change at 25, 50 and 80 percent).

/** Suggested colours: low red, started amber, halfway blue, strong green. */
export type ProgressBand = "low" | "started" | "halfway" | "strong";

export const PROGRESS_BAND_THRESHOLDS = { started: 25, halfway: 50, strong: 80 } as const;

/** The band of a percentage: below 25 low, from 25 started, from 50 halfway, from 80 strong. */
export function progressBand(percent: number): ProgressBand {
  if (percent >= PROGRESS_BAND_THRESHOLDS.strong) return "strong";
  if (percent >= PROGRESS_BAND_THRESHOLDS.halfway) return "halfway";
  if (percent >= PROGRESS_BAND_THRESHOLDS.started) return "started";
  return "low";
}
