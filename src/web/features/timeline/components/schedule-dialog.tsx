import { useState } from "react";
import type { Task } from "../../../../shared/api/tasks.ts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog.tsx";
import { FormDialogFooter } from "../../../components/ui/form-dialog-footer.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";

export interface ScheduleDialogProps {
  task: Task | null;
  defaultTime: string;
  onOpenChange: (open: boolean) => void;
  onSchedule: (task: Task, time: string) => void;
}

/** The phone's way to give a task its start time, where the grid's drag is not offered. */
export function ScheduleDialog({ task, defaultTime, onOpenChange, onSchedule }: ScheduleDialogProps) {
  return (
    <Dialog open={task !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        {task ? <ScheduleForm key={task.id} task={task} defaultTime={defaultTime} onSchedule={onSchedule} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ScheduleForm({
  task,
  defaultTime,
  onSchedule,
}: {
  task: Task;
  defaultTime: string;
  onSchedule: (task: Task, time: string) => void;
}) {
  const [time, setTime] = useState(task.scheduledStartTime ?? defaultTime);
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (time) onSchedule(task, time);
      }}
    >
      <DialogHeader>
        <DialogTitle>Schedule task</DialogTitle>
        <DialogDescription className="wrap-anywhere">When does "{task.title}" start?</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="timeline-schedule-time">Start time</Label>
        <Input id="timeline-schedule-time" type="time" step={300} required value={time} onChange={(event) => setTime(event.target.value)} />
      </div>
      <FormDialogFooter submitLabel="Schedule" submitDisabled={!time} />
    </form>
  );
}
