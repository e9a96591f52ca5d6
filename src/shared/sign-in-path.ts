/**
 * Where a sign-in button leads: the provider's start route, with the page to come back to when it
 * is not the board (the web app's buttons and the server's welcome screen HTML write the same).
 */
export function signInPath(providerId: string, returnTo?: string): string {
  const path = `/auth/${encodeURIComponent(providerId)}`;
  return returnTo && returnTo !== "/" ? `${path}?returnTo=${encodeURIComponent(returnTo)}` : path;
}
