import { type ComponentProps, type ReactNode, useId } from "react";
import { Label } from "./label.tsx";
import { Switch } from "./switch.tsx";

export type SwitchRowProps = Omit<ComponentProps<typeof Switch>, "children"> & {
  label: string;
  description: string;
  children?: ReactNode;
};

export function SwitchRow({ label, description, children, ...props }: SwitchRowProps) {
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
        <Switch {...props} id={id} aria-describedby={descriptionId} />
      </div>
      {children}
    </div>
  );
}
