// Rendered from the components by the build (decision 032), so the HTML paints what the app's first render shows.
import { escapeHtml } from "./escape-html.ts";
import { signInLabel, signInPath } from "./sign-in-path.ts";

export const FIRST_SCREENS_FILE = ".vite/first-screens.json";

/** The app hydrates that screen rather than paint it again, which a phone counted as a later largest paint. */
export const WELCOME_ROOT_ATTRIBUTE = 'data-first-screen="welcome"';

export const SIGN_IN_HREF = "{sign-in-href}";
export const SIGN_IN_LABEL = "{sign-in-label}";

export interface FirstScreens {
  loading: string;
  welcome: {
    none: string;
    before: string;
    after: string;
    first: string;
    other: string;
  };
}

export interface SignInProvider {
  id: string;
  displayName: string;
}

export function welcomeScreenHtml({ welcome }: FirstScreens, providers: readonly SignInProvider[], returnPath: string): string {
  if (providers.length === 0) return welcome.none;
  const buttons = providers.map((provider, index) =>
    (index === 0 ? welcome.first : welcome.other)
      .replace(SIGN_IN_HREF, () => escapeHtml(signInPath(provider.id, returnPath)))
      .replace(SIGN_IN_LABEL, () => escapeHtml(signInLabel(provider))),
  );
  return `${welcome.before}${buttons.join("")}${welcome.after}`;
}
