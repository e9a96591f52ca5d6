const REVEAL_TIMEOUT_MS = 5_000;

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
