import { useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../components/ui/dropdown-menu.tsx";
import { MobileNavTrigger } from "./mobile-nav-trigger.tsx";
import { navItems } from "./nav-items.ts";

export function MobileNavMenu({ defaultOpen, container }: { defaultOpen?: boolean; container?: HTMLElement | null }) {
  // Another page, once chosen, takes focus to its main region (useFocusMainOnNavigation); a menu
  // closed otherwise (Escape, a click outside, the current page) returns focus to its button.
  const choseItem = useRef(false);
  const { pathname } = useLocation();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <MobileNavTrigger />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        className="w-56"
        container={container}
        onCloseAutoFocus={(event) => {
          if (choseItem.current) event.preventDefault();
          choseItem.current = false;
        }}
      >
        {navItems.map(({ to, label, icon: Icon, end }) => (
          // Styled by NavLink's aria-current: a className function would not survive asChild's prop merge.
          <DropdownMenuItem
            key={to}
            asChild
            onSelect={() => {
              choseItem.current = to !== pathname;
            }}
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
