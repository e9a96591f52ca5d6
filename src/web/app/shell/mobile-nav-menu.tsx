import { NavLink } from "react-router";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../components/ui/dropdown-menu.tsx";
import { MobileNavTrigger } from "./mobile-nav-trigger.tsx";
import { navItems } from "./nav-items.ts";

export function MobileNavMenu({ defaultOpen }: { defaultOpen?: boolean }) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <MobileNavTrigger />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-56">
        {navItems.map(({ to, label, icon: Icon, end }) => (
          // Styled by NavLink's aria-current: a className function would not survive asChild's prop merge.
          <DropdownMenuItem
            key={to}
            asChild
            className="aria-[current=page]:bg-secondary aria-[current=page]:font-medium aria-[current=page]:text-secondary-foreground"
          >
            <NavLink to={to} end={end}>
              <Icon aria-hidden="true" />
              {label}
            </NavLink>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
