/** The daily insights query is keyed by it, so that they are fetched and recomputed as the user works. */
export function tasksRevision(tasks: readonly { id: string; status: string; updatedAt: string }[] | undefined): string | null {
  if (!tasks) return null;
  let hash = 0;
  for (const task of tasks) {
    const text = `${task.id}|${task.status}|${task.updatedAt};`;
    for (let index = 0; index < text.length; index++) hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
  }
  return `${tasks.length}:${(hash >>> 0).toString(36)}`;
}
