// The screens a page's HTML paints before any script (decision 013): the build renders them from the
// React components (decision 032, src/web/app/first-screens.tsx), the server puts one in #root.
import { escapeHtml } from "./escape-html.ts";
import { signInLabel, signInPath } from "./sign-in-path.ts";

/** Where the build writes them, in the built web app's folder. */
export const FIRST_SCREENS_FILE = ".vite/first-screens.json";

/** On the #root that holds the welcome screen: the app takes that screen over as it is (hydrates it). */
export const WELCOME_ROOT_ATTRIBUTE = 'data-first-screen="welcome"';

/** In a sign-in button's template, where its link and its text go. */
export const SIGN_IN_HREF = "{sign-in-href}";
export const SIGN_IN_LABEL = "{sign-in-label}";

export interface FirstScreens {
  loading: string;
  welcome: {
    /** The screen when no sign-in method is set up. */
    none: string;
    /** The screen before and after its sign-in buttons. */
    before: string;
    after: string;
    /** The first button, then every other one. */
    first: string;
    other: string;
  };
}

export interface SignInProvider {
  id: string;
  displayName: string;
}

/** The welcome screen with these providers' buttons, on the page at `returnPath` (path and query). */
export function welcomeScreenHtml({ welcome }: FirstScreens, providers: readonly SignInProvider[], returnPath: string): string {
  if (providers.length === 0) return welcome.none;
  const buttons = providers.map((provider, index) =>
    (index === 0 ? welcome.first : welcome.other)
      .replace(SIGN_IN_HREF, () => escapeHtml(signInPath(provider.id, returnPath)))
      .replace(SIGN_IN_LABEL, () => escapeHtml(signInLabel(provider))),
  );
  return `${welcome.before}${buttons.join("")}${welcome.after}`;
}
