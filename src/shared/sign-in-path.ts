/**
 * Where a sign-in button leads: the provider's start route, with the page to come back to when it
 * is not the board (the web app's buttons and the server's welcome screen HTML write the same).
 */
export function signInPath(providerId: string, returnTo?: string): string {
  const path = `/auth/${encodeURIComponent(providerId)}`;
  return returnTo && returnTo !== "/" ? `${path}?returnTo=${encodeURIComponent(returnTo)}` : path;
}

/** What a provider's sign-in button says. */
export function signInLabel(provider: { id: string; displayName: string }): string {
  return `Sign in with ${provider.id === "google" ? "Google" : provider.displayName}`;
}
