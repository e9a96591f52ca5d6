// Opening a notification's place: the page, then (for a goal) its card, once the page shows it.

const REVEAL_TIMEOUT_MS = 5_000;

/**
 * Navigates to `path`; when it has a hash (`/goals#goal-<id>`), waits for that element and brings
 * it into view with focus, after the page's own focus handling. Returns a cancel function.
 */
export function revealPath(path: string, navigate: (path: string) => void): () => void {
  navigate(path);
  const hashAt = path.indexOf("#");
  if (hashAt === -1) return () => {};
  const id = decodeURIComponent(path.slice(hashAt + 1));
  const giveUpAt = Date.now() + REVEAL_TIMEOUT_MS;
  let frame = 0;
  const look = () => {
    const element = document.getElementById(id);
    if (element) {
      element.scrollIntoView({ block: "center" });
      element.focus({ preventScroll: true });
      return;
    }
    if (Date.now() < giveUpAt) frame = requestAnimationFrame(look);
  };
  frame = requestAnimationFrame(look);
  return () => cancelAnimationFrame(frame);
}
