import { type ReactNode, useId } from "react";
import { Label } from "./label.tsx";
import { Switch } from "./switch.tsx";

export interface SwitchRowProps {
  name: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Shown under the row, e.g. a field the switch turns on. */
  children?: ReactNode;
}

/** A setting's switch with its label and description: one row of a `SettingsSection`. */
export function SwitchRow({ name, label, description, checked, disabled, onCheckedChange, children }: SwitchRowProps) {
  const id = useId();
  const descriptionId = useId();
  return (
    <div className="py-4">
      <div className="flex items-start justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <Label htmlFor={id}>{label}</Label>
          <p id={descriptionId} className="text-sm text-muted-foreground">
            {description}
          </p>
        </div>
        <Switch
          id={id}
          name={name}
          checked={checked}
          disabled={disabled}
          onCheckedChange={onCheckedChange}
          aria-describedby={descriptionId}
        />
      </div>
      {children}
    </div>
  );
}
