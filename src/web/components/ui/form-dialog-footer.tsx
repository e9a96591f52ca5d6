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
  isPending?: boolean;
  icon?: ReactNode;
  cancelLabel?: string;
  cancelDisabled?: boolean;
  className?: string;
  children?: ReactNode;
}

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
