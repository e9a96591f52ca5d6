/** The web app's buttons and the server's welcome screen HTML must write the same path. */
export function signInPath(providerId: string, returnTo?: string): string {
  const path = `/auth/${encodeURIComponent(providerId)}`;
  return returnTo && returnTo !== "/" ? `${path}?returnTo=${encodeURIComponent(returnTo)}` : path;
}

/** What a provider's sign-in button says. */
export function signInLabel(provider: { id: string; displayName: string }): string {
  return `Sign in with ${provider.id === "google" ? "Google" : provider.displayName}`;
}
