import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../../components/ui/alert-dialog.tsx";
import type { SeriesScope } from "../api/update-task.ts";

export interface SeriesScopeDialogProps {
  open: boolean;
  onChoose: (scope: SeriesScope) => void;
  onCancel: () => void;
}

/** Saving a changed occurrence of a series: this one, or this and the following ones. */
export function SeriesScopeDialog({ open, onChoose, onCancel }: SeriesScopeDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      {/* Its choice saves and closes the task dialog too: both leave at once, uncovering the changed card. */}
      <AlertDialogContent instantClose>
        <AlertDialogHeader>
          <AlertDialogTitle>Edit repeating task</AlertDialogTitle>
          <AlertDialogDescription>Change only this task, or this one and the following ones of the series?</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="outline" onClick={() => onChoose("this")}>
            This task
          </AlertDialogAction>
          <AlertDialogAction onClick={() => onChoose("future")}>This and following</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
