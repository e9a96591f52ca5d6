import { Menu } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/utils.ts";

export function MobileNavTrigger({ className, ...props }: ComponentProps<"button">) {
  return (
    <Button variant="ghost" size="icon" aria-label="Open navigation menu" className={cn("-ml-2", className)} {...props}>
      <Menu className="size-5" aria-hidden="true" />
    </Button>
  );
}
