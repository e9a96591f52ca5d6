export { authProvidersQueryKey, authProvidersQueryOptions } from "./api/get-auth-providers.ts";
export { useUser, userQueryKey, userQueryOptions } from "./api/get-user.ts";
export { useLogout } from "./api/logout.ts";
export { bindUserStorage } from "./lib/bind-user-storage.ts";
export { LazyUserMenu } from "./components/lazy-user-menu.tsx";
export { WelcomeLine } from "./components/welcome-line.tsx";
export { LazyWelcomeScreen } from "./components/lazy-welcome-screen.tsx";
export { useRecheckSessionOnPageRestore, useSessionUpkeep } from "./hooks/use-session-upkeep.ts";
export { useUpdatePreferences } from "./api/update-preferences.ts";
