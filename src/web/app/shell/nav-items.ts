import { Lightbulb, ListTodo, type LucideIcon, Settings, Target } from "lucide-react";

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on the exact path: the board lives at "/". */
  end?: boolean;
}

export const navItems: readonly NavItem[] = [
  { to: "/", label: "Tasks", icon: ListTodo, end: true },
  { to: "/goals", label: "Goals", icon: Target },
  { to: "/insights", label: "Insights", icon: Lightbulb },
  { to: "/settings", label: "Settings", icon: Settings },
];
