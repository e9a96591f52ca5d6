import { CheckCircle2, CirclePause, Target, type LucideIcon } from "lucide-react";
import type { GoalStatus } from "../../../../shared/api/goals.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { cn } from "../../../lib/utils.ts";

interface StatusLook {
  icon: LucideIcon;
  tileClassName: string;
  badgeVariant: "secondary" | "warning" | "success";
}

const statusLooks: Record<GoalStatus, StatusLook> = {
  active: { icon: Target, tileClassName: "bg-indigo-50 text-indigo-700", badgeVariant: "secondary" },
  paused: { icon: CirclePause, tileClassName: "bg-amber-50 text-amber-700", badgeVariant: "warning" },
  completed: { icon: CheckCircle2, tileClassName: "bg-green-50 text-green-700", badgeVariant: "success" },
};

/** Decorative: the badge next to it says the status in words. */
export function GoalStatusIcon({ status, className }: { status: GoalStatus; className?: string }) {
  const { icon: Icon, tileClassName } = statusLooks[status];
  return (
    <span aria-hidden="true" className={cn("flex size-10 shrink-0 items-center justify-center rounded-lg", tileClassName, className)}>
      <Icon className="size-5" />
    </span>
  );
}

export function GoalStatusBadge({ status }: { status: GoalStatus }) {
  return (
    <Badge variant={statusLooks[status].badgeVariant} className="capitalize">
      {status}
    </Badge>
  );
}
