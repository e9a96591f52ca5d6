import { type DragEvent, useState } from "react";
import { isInReadOnlyArea } from "../../../lib/online.ts";
import { getTaskDragData, hasTaskDragData } from "../lib/native-task-drag.ts";

export function useTaskDropTarget(onTaskDrop: (taskId: string) => void) {
  const [isTaskOver, setIsTaskOver] = useState(false);
  const dropTargetProps = {
    onDragOver(event: DragEvent<HTMLElement>) {
      if (!hasTaskDragData(event.dataTransfer) || isInReadOnlyArea(event.currentTarget)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      setIsTaskOver(true);
    },
    onDragLeave(event: DragEvent<HTMLElement>) {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsTaskOver(false);
    },
    onDrop(event: DragEvent<HTMLElement>) {
      setIsTaskOver(false);
      const taskId = getTaskDragData(event.dataTransfer);
      if (!taskId || isInReadOnlyArea(event.currentTarget)) return;
      event.preventDefault();
      onTaskDrop(taskId);
    },
  };
  return { isTaskOver, dropTargetProps };
}
