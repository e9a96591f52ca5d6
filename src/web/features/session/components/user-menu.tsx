import { Loader2, LogOut, Monitor, Moon, Sun } from "lucide-react";
import { useId } from "react";
import type { User } from "../../../../shared/api/user.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { NeedsConnection } from "../../../components/needs-connection.tsx";
import { useOnline } from "../../../lib/online.ts";
import { type ThemeChoice, setThemeChoice } from "../../../lib/theme.ts";
import { useThemeChoice } from "../../../lib/use-theme-choice.ts";
import { useLogout } from "../api/logout.ts";
import { UserAvatar } from "./user-avatar.tsx";
import { UserMenuTrigger } from "./user-menu-trigger.tsx";

const THEMES = [
  { value: "light", label: "Light", Icon: Sun },
  { value: "dark", label: "Dark", Icon: Moon },
  { value: "system", label: "System", Icon: Monitor },
] as const;

/** Beyond the spec, it also holds the theme choice (decision 017). */
export function UserMenu({
  user,
  defaultOpen,
  container,
}: {
  user: User | null | undefined;
  defaultOpen?: boolean;
  /** Inside the header, so inside its landmark. */
  container?: HTMLElement | null;
}) {
  const logout = useLogout();
  const theme = useThemeChoice();
  const themeLabelId = useId();
  const offlineId = useId();
  const isOnline = useOnline();
  if (!user) return null;
  // Stays "Logging out..." after success too, until the page reloads.
  const isLoggingOut = logout.isPending || logout.isSuccess;

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserMenuTrigger user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64" container={container}>
        <DropdownMenuLabel className="flex items-center gap-3 font-normal">
          <UserAvatar user={user} className="size-10" />
          <span className="grid min-w-0">
            <span className="truncate font-semibold">{user.name}</span>
            {user.email ? <span className="truncate text-xs text-muted-foreground">{user.email}</span> : null}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuLabel id={themeLabelId} className="text-xs font-medium text-muted-foreground">
          Theme
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup
          aria-labelledby={themeLabelId}
          value={theme.choice}
          onValueChange={(value) => setThemeChoice(value as ThemeChoice)}
        >
          {THEMES.map(({ value, label, Icon }) => (
            // The menu stays open: the page behind shows the theme chosen, and another is a click away.
            <DropdownMenuRadioItem key={value} value={value} onSelect={(event) => event.preventDefault()}>
              <Icon aria-hidden="true" />
              {label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={isLoggingOut || !isOnline}
          aria-describedby={isOnline ? undefined : offlineId}
          onSelect={(event) => {
            event.preventDefault();
            logout.mutate();
          }}
        >
          {isLoggingOut ? <Loader2 className="animate-spin" aria-hidden="true" /> : <LogOut aria-hidden="true" />}
          {isLoggingOut ? "Logging out..." : "Log out"}
        </DropdownMenuItem>
        {!isOnline && <NeedsConnection id={offlineId} className="px-2 pb-1.5" />}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
