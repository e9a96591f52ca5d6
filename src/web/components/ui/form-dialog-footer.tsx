import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button.tsx";
import { DialogClose, DialogFooter } from "./dialog.tsx";

export interface FormDialogFooterProps {
  submitLabel: ReactNode;
  /** Without it the button submits its form: the one it is in, or the one named by `form`. */
  onSubmit?: () => void;
  form?: string;
  submitDisabled?: boolean;
  /** A spinner in place of `icon` while the dialog's call runs. */
  isPending?: boolean;
  icon?: ReactNode;
  cancelLabel?: string;
  cancelDisabled?: boolean;
  className?: string;
  /** Before the buttons (a Delete, say). */
  children?: ReactNode;
}

/** A dialog's closing row: Cancel, which closes it, then the button that does what the dialog is for. */
export function FormDialogFooter({
  submitLabel,
  onSubmit,
  form,
  submitDisabled,
  isPending = false,
  icon = null,
  cancelLabel = "Cancel",
  cancelDisabled,
  className,
  children,
}: FormDialogFooterProps) {
  return (
    <DialogFooter className={className}>
      {children}
      <DialogClose asChild>
        <Button variant="outline" disabled={cancelDisabled}>
          {cancelLabel}
        </Button>
      </DialogClose>
      <Button type={onSubmit ? "button" : "submit"} form={form} disabled={submitDisabled} onClick={onSubmit}>
        {isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : icon}
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
