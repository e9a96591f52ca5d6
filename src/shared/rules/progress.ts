export type ProgressBand = "low" | "started" | "halfway" | "strong";

export const PROGRESS_BAND_THRESHOLDS = { started: 25, halfway: 50, strong: 80 } as const;

export function progressBand(percent: number): ProgressBand {
  if (percent >= PROGRESS_BAND_THRESHOLDS.strong) return "strong";
  if (percent >= PROGRESS_BAND_THRESHOLDS.halfway) return "halfway";
  if (percent >= PROGRESS_BAND_THRESHOLDS.started) return "started";
  return "low";
}
