import { type Ref, useLayoutEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../components/ui/dropdown-menu.tsx";
import { navItems } from "./nav-items.ts";

interface MobileNavMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's menu button (mobile-nav.tsx), painted before this code arrived. */
  trigger: HTMLButtonElement;
  triggerId: string;
  menuId: string;
  container: HTMLElement | null;
}

export function MobileNavMenu({ open, onOpenChange, trigger, triggerId, menuId, container }: MobileNavMenuProps) {
  // Another page, once chosen, takes focus to its main region (useFocusMainOnNavigation); a menu
  // closed otherwise (Escape, a click outside, the current page) returns focus to its button.
  const choseItem = useRef(false);
  const { pathname } = useLocation();
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <PaintedTrigger element={trigger} />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        id={menuId}
        aria-labelledby={triggerId}
        align="start"
        className="w-56"
        container={container}
        // The button toggles the menu itself: a press on it is not a press outside that closes it.
        onInteractOutside={(event) => {
          if (event.target instanceof Node && trigger.contains(event.target)) event.preventDefault();
        }}
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

/**
 * Gives Radix the button already on the page as the menu's trigger (where the menu is placed, where
 * focus returns) instead of rendering one; the button's own handlers open and close the menu.
 */
function PaintedTrigger({ element, ref }: { element: HTMLElement; ref?: Ref<HTMLElement> }) {
  useLayoutEffect(() => {
    if (typeof ref === "function") {
      const cleanup = ref(element);
      return typeof cleanup === "function" ? cleanup : () => void ref(null);
    }
    if (!ref) return undefined;
    ref.current = element;
    return () => {
      ref.current = null;
    };
  }, [ref, element]);
  return null;
}
