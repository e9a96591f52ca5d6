import { type FormEvent, useId, useRef, useState } from "react";
import { GOAL_DESCRIPTION_MAX_LENGTH, GOAL_TITLE_MAX_LENGTH, goalStatuses } from "../../../../shared/api/goal-limits.ts";
import type { CreateGoalInput, Goal, GoalStatus, UpdateGoalInput } from "../../../../shared/api/goals.ts";
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDeleteFooter,
  AlertDialogDescription,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "../../../components/ui/alert-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog.tsx";
import { FormDialogFooter } from "../../../components/ui/form-dialog-footer.tsx";
import { FieldMessage, RequiredMark } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { useFocusAfterClose } from "../../../components/ui/use-focus-after-close.ts";
import { toast } from "../../../components/ui/use-toast.ts";
import { useCreateGoal } from "../api/create-goal.ts";
import { useDeleteGoal } from "../api/delete-goal.ts";
import { useUpdateGoal } from "../api/update-goal.ts";
import { goalCardElementId } from "./goal-card.tsx";

export const GOAL_TITLE_REQUIRED = "Goal title is required";
export const DELETE_GOAL_CONFIRMATION = "Are you sure you want to delete this goal?";

const statusNames: Record<GoalStatus, string> = { active: "Active", paused: "Paused", completed: "Completed" };

export interface GoalFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  goal?: Goal | null;
}

export function GoalFormDialog({ open, onOpenChange, goal }: GoalFormDialogProps) {
  const createGoal = useCreateGoal();
  const updateGoal = useUpdateGoal();
  const deleteGoal = useDeleteGoal();
  const focusAfterClose = useFocusAfterClose();

  // Writes close the dialog at once (offline they wait in the outbox); a refusal rolls back with a toast.
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={focusAfterClose.onCloseAutoFocus}>
        {/* Mounted per opening, so every opening starts from the goal's current values. */}
        <GoalForm
          key={goal?.id ?? "new"}
          goal={goal ?? null}
          onCreate={(input) => createGoal.mutate(input)}
          onUpdate={(id, input) => updateGoal.mutate({ id, input, ...(goal ? { title: goal.title } : {}) })}
          onDelete={(id) => {
            focusAfterClose.set(focusTargetInstead(id));
            deleteGoal.mutate({ id, ...(goal ? { title: goal.title } : {}) });
          }}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

interface GoalFormProps {
  goal: Goal | null;
  onCreate(input: CreateGoalInput): void;
  onUpdate(id: string, input: UpdateGoalInput): void;
  onDelete(id: string): void;
  onDone(): void;
}

function GoalForm({ goal, onCreate, onUpdate, onDelete, onDone }: GoalFormProps) {
  const isEditing = goal !== null;
  const [title, setTitle] = useState(goal?.title ?? "");
  const [description, setDescription] = useState(goal?.description ?? "");
  const [targetDate, setTargetDate] = useState(goal?.targetDate ?? "");
  const [status, setStatus] = useState<GoalStatus>(goal?.status ?? "active");
  const [isTitleMissing, setIsTitleMissing] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);

  const ids = {
    form: useId(),
    title: useId(),
    titleError: useId(),
    description: useId(),
    targetDate: useId(),
    status: useId(),
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmedTitle = title.trim();
    if (trimmedTitle === "") {
      setIsTitleMissing(true);
      titleInput.current?.focus();
      return;
    }
    const trimmedDescription = description.trim();
    if (goal) {
      // PUT keeps omitted fields, so a cleared field is sent as null to clear it.
      onUpdate(goal.id, {
        title: trimmedTitle,
        description: trimmedDescription === "" ? null : trimmedDescription,
        targetDate: targetDate === "" ? null : targetDate,
        status,
      });
      toast({ title: "Goal updated successfully" });
    } else {
      onCreate({
        title: trimmedTitle,
        ...(trimmedDescription === "" ? {} : { description: trimmedDescription }),
        ...(targetDate === "" ? {} : { targetDate }),
        status,
      });
      toast({ title: "Goal created successfully" });
    }
    onDone();
  };

  const handleDelete = () => {
    if (!goal) return;
    onDelete(goal.id);
    toast({ title: "Goal deleted successfully" });
    onDone();
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{isEditing ? "Edit Goal" : "Create New Goal"}</DialogTitle>
        <DialogDescription>
          {isEditing
            ? "Change the goal's details or its status."
            : "Name what you want to achieve, then link tasks to it to track progress."}
        </DialogDescription>
      </DialogHeader>

      <form id={ids.form} noValidate onSubmit={handleSubmit} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={ids.title}>
            Goal Title
            <RequiredMark />
          </Label>
          <Input
            ref={titleInput}
            id={ids.title}
            value={title}
            maxLength={GOAL_TITLE_MAX_LENGTH}
            placeholder="e.g. Run a half marathon"
            autoComplete="off"
            required
            aria-invalid={isTitleMissing || undefined}
            aria-describedby={isTitleMissing ? ids.titleError : undefined}
            onChange={(event) => {
              setTitle(event.target.value);
              setIsTitleMissing(false);
            }}
          />
          <FieldMessage id={ids.titleError} error={isTitleMissing ? GOAL_TITLE_REQUIRED : null} />
        </div>

        <div className="grid gap-2">
          <Label htmlFor={ids.description}>Description</Label>
          <Textarea
            id={ids.description}
            value={description}
            maxLength={GOAL_DESCRIPTION_MAX_LENGTH}
            placeholder="Why it matters, what done looks like..."
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={ids.targetDate}>Target Date</Label>
            <Input id={ids.targetDate} type="date" value={targetDate} onChange={(event) => setTargetDate(event.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.status}>Status</Label>
            <Select id={ids.status} value={status} onChange={(event) => setStatus(event.target.value as GoalStatus)}>
              {goalStatuses.map((value) => (
                <option key={value} value={value}>
                  {statusNames[value]}
                </option>
              ))}
            </Select>
          </div>
        </div>
      </form>

      <FormDialogFooter form={ids.form} submitLabel={isEditing ? "Update Goal" : "Create Goal"}>
        {goal ? (
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="destructive" className="sm:mr-auto">
                Delete Goal
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>Delete Goal</AlertDialogTitle>
                <AlertDialogDescription>{DELETE_GOAL_CONFIRMATION} Its tasks stay on your board, without a goal.</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogDeleteFooter onDelete={handleDelete} />
            </AlertDialogContent>
          </AlertDialog>
        ) : null}
      </FormDialogFooter>
    </>
  );
}

function focusTargetInstead(goalId: string): HTMLElement | null {
  const item = document.getElementById(goalCardElementId(goalId))?.closest("li");
  const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
  return neighbour?.querySelector<HTMLElement>("article") ?? null;
}
