/** Runs `callback` in a task after the next frame has been painted (a hidden tab paints none); returns its cancel. */
export function afterNextPaint(callback: () => void): () => void {
  let timer = 0;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Work after it is not part of the current, possibly long, task. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
