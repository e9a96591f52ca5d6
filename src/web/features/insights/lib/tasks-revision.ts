/**
 * A short text that changes whenever the day's tasks change (added, removed, edited, moved): the
 * daily insights query is keyed by it, so the sidebar fetches them again as the user works and the
 * server recomputes them (it stores them per data version). Null while the tasks load.
 */
export function tasksRevision(tasks: readonly { id: string; status: string; updatedAt: string }[] | undefined): string | null {
  if (!tasks) return null;
  let hash = 0;
  for (const task of tasks) {
    const text = `${task.id}|${task.status}|${task.updatedAt};`;
    for (let index = 0; index < text.length; index++) hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
  }
  return `${tasks.length}:${(hash >>> 0).toString(36)}`;
}
