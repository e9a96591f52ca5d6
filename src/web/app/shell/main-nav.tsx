import { NavLink } from "react-router";
import { cn } from "../../lib/utils.ts";
import { navItems } from "./nav-items.ts";

export function DesktopNav() {
  return (
    // The nav keeps its width; the welcome line beside it gives way (it truncates the name).
    <nav aria-label="Main" className="hidden shrink-0 md:block">
      <ul className="flex items-center gap-1">
        {navItems.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  "inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  isActive ? "bg-secondary text-secondary-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
                )
              }
            >
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
