import { type Ref, useEffect, useLayoutEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../components/ui/dropdown-menu.tsx";
import { navItems } from "./nav-items.ts";

interface MobileNavMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  focusFirstItem: boolean;
  trigger: HTMLButtonElement;
  triggerId: string;
  menuId: string;
  container: HTMLElement | null;
}

export function MobileNavMenu({ open, onOpenChange, focusFirstItem, trigger, triggerId, menuId, container }: MobileNavMenuProps) {
  // A chosen page takes focus to its main region; a menu closed otherwise returns focus to its button.
  const choseItem = useRef(false);
  const { pathname } = useLocation();
  const content = useRef<HTMLDivElement>(null);
  // Radix sees the opening key only if this code was loaded before it.
  useEffect(() => {
    if (open && focusFirstItem) content.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open, focusFirstItem]);
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <PaintedTrigger element={trigger} />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        ref={content}
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

/** Radix gets the button already on the page as its trigger instead of rendering one. */
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
