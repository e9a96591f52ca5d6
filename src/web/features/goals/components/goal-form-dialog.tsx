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
import { FormError } from "../../../components/ui/form-error.tsx";
import { FieldMessage, RequiredMark } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { useFocusAfterClose } from "../../../components/ui/use-focus-after-close.ts";
import { toast } from "../../../components/ui/use-toast.ts";
import { CREATE_GOAL_ERROR, useCreateGoal } from "../api/create-goal.ts";
import { DELETE_GOAL_ERROR, useDeleteGoal } from "../api/delete-goal.ts";
import { UPDATE_GOAL_ERROR, useUpdateGoal } from "../api/update-goal.ts";
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
  const isBusy = createGoal.isPending || updateGoal.isPending || deleteGoal.isPending;
  const focusAfterClose = useFocusAfterClose();

  // A save or delete in flight keeps the dialog open, so its outcome (an error) has somewhere to show.
  const handleOpenChange = (next: boolean) => {
    if (!next && isBusy) return;
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent onCloseAutoFocus={focusAfterClose.onCloseAutoFocus}>
        {/* Mounted per opening, so every opening starts from the goal's current values. */}
        <GoalForm
          key={goal?.id ?? "new"}
          goal={goal ?? null}
          isBusy={isBusy}
          onCreate={createGoal.mutateAsync}
          onUpdate={(id, input) => updateGoal.mutateAsync({ id, input })}
          onDelete={async (id) => {
            const instead = focusTargetInstead(id);
            await deleteGoal.mutateAsync(id);
            focusAfterClose.set(instead);
          }}
          isCreating={createGoal.isPending}
          isUpdating={updateGoal.isPending}
          isDeleting={deleteGoal.isPending}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

interface GoalFormProps {
  goal: Goal | null;
  isBusy: boolean;
  isCreating: boolean;
  isUpdating: boolean;
  isDeleting: boolean;
  onCreate(input: CreateGoalInput): Promise<Goal>;
  onUpdate(id: string, input: UpdateGoalInput): Promise<Goal>;
  onDelete(id: string): Promise<void>;
  onDone(): void;
}

function GoalForm({ goal, isBusy, isCreating, isUpdating, isDeleting, onCreate, onUpdate, onDelete, onDone }: GoalFormProps) {
  const isEditing = goal !== null;
  const [title, setTitle] = useState(goal?.title ?? "");
  const [description, setDescription] = useState(goal?.description ?? "");
  const [targetDate, setTargetDate] = useState(goal?.targetDate ?? "");
  const [status, setStatus] = useState<GoalStatus>(goal?.status ?? "active");
  const [isTitleMissing, setIsTitleMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleInput = useRef<HTMLInputElement>(null);

  const ids = {
    form: useId(),
    title: useId(),
    titleError: useId(),
    description: useId(),
    targetDate: useId(),
    status: useId(),
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    const trimmedTitle = title.trim();
    if (trimmedTitle === "") {
      setIsTitleMissing(true);
      titleInput.current?.focus();
      return;
    }
    setFailure(null);
    const trimmedDescription = description.trim();
    try {
      if (goal) {
        // PUT keeps omitted fields, so a cleared field is sent as null to clear it.
        await onUpdate(goal.id, {
          title: trimmedTitle,
          description: trimmedDescription === "" ? null : trimmedDescription,
          targetDate: targetDate === "" ? null : targetDate,
          status,
        });
        toast({ title: "Goal updated successfully" });
      } else {
        await onCreate({
          title: trimmedTitle,
          ...(trimmedDescription === "" ? {} : { description: trimmedDescription }),
          ...(targetDate === "" ? {} : { targetDate }),
          status,
        });
        toast({ title: "Goal created successfully" });
      }
      onDone();
    } catch (error) {
      const fallback = goal ? UPDATE_GOAL_ERROR : CREATE_GOAL_ERROR;
      console.error(fallback, error);
      setFailure(error instanceof Error && error.message ? error.message : fallback);
    }
  };

  const handleDelete = async () => {
    if (!goal || isBusy) return;
    setFailure(null);
    try {
      await onDelete(goal.id);
      toast({ title: "Goal deleted successfully" });
      onDone();
    } catch (error) {
      console.error(DELETE_GOAL_ERROR, error);
      setFailure(error instanceof Error && error.message ? error.message : DELETE_GOAL_ERROR);
    }
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

      <form id={ids.form} noValidate onSubmit={(event) => void handleSubmit(event)} className="grid gap-4">
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

        {failure ? <FormError>{failure}</FormError> : null}
      </form>

      <FormDialogFooter
        form={ids.form}
        submitLabel={isCreating ? "Creating..." : isUpdating ? "Updating..." : isEditing ? "Update Goal" : "Create Goal"}
        submitDisabled={isBusy}
        cancelDisabled={isBusy}
      >
        {goal ? (
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="destructive" className="sm:mr-auto" disabled={isBusy}>
                {isDeleting ? "Deleting..." : "Delete Goal"}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>Delete Goal</AlertDialogTitle>
                <AlertDialogDescription>{DELETE_GOAL_CONFIRMATION} Its tasks stay on your board, without a goal.</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogDeleteFooter onDelete={() => void handleDelete()} />
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
