// A private type, so that other drags (files, text) are not accepted.
export const TASK_DRAG_TYPE = "application/x-daywise-task";

export function setTaskDragData(dataTransfer: DataTransfer, taskId: string): void {
  dataTransfer.setData(TASK_DRAG_TYPE, taskId);
  dataTransfer.effectAllowed = "move";
}

/** Readable during dragover too; the data itself only on drop. */
export function hasTaskDragData(dataTransfer: DataTransfer): boolean {
  return Array.from(dataTransfer.types).includes(TASK_DRAG_TYPE);
}

export function getTaskDragData(dataTransfer: DataTransfer): string | null {
  const id = dataTransfer.getData(TASK_DRAG_TYPE);
  return id === "" ? null : id;
}
