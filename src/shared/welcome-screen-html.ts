// The welcome screen (spec sections 1 and 2, src/web/features/session/components/welcome-screen.tsx)
// as HTML: the server puts it in a signed-out visitor's #root, so a phone paints the welcome screen
// from the HTML, before any script has arrived, and the app's first render replaces it with the same
// markup (decision 013). Exactly what React renders for the component with the same providers
// (welcome-screen.test.tsx): change both together.
import { escapeHtml } from "./escape-html.ts";
import { signInPath } from "./sign-in-path.ts";

/**
 * On the #root that holds the welcome screen: the app's first render takes that screen over as it
 * is (hydrates it) instead of painting it again, which a phone counted as a new largest paint.
 */
export const WELCOME_ROOT_ATTRIBUTE = 'data-first-screen="welcome"';

export interface WelcomeScreenProvider {
  id: string;
  displayName: string;
}

const BEFORE_SIGN_IN_OPTIONS =
  '<div class="min-h-dvh bg-gradient-to-b from-indigo-50 via-background to-background"><main id="main-content" class="mx-auto grid min-h-dvh max-w-5xl content-center gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:gap-x-16 lg:gap-y-8 lg:py-16"><div class="text-center lg:col-start-1 lg:row-start-1 lg:self-end lg:text-left"><div class="flex items-center justify-center gap-3 lg:justify-start"><svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" class="shrink-0 size-12"><rect width="32" height="32" rx="8" class="fill-primary"></rect><circle cx="16" cy="17" r="6" class="fill-brand-sun"></circle><path d="M6 24h20" stroke="white" stroke-width="2.5" stroke-linecap="round"></path></svg><h1 class="text-4xl font-bold tracking-tight sm:text-5xl">Daywise</h1></div><p class="mx-auto mt-5 max-w-prose text-lg text-muted-foreground lg:mx-0">The daily planner for people who plan their own day. Put today&#x27;s tasks on a board, keep your goals moving, and let an AI assistant help when the list gets long.</p></div><div class="mx-auto w-full max-w-md lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-center"><div class="rounded-lg border bg-card text-card-foreground shadow-md"><div class="flex flex-col gap-1.5 p-5 pb-3"><h2 class="font-semibold text-xl">Sign in to start planning</h2><p class="text-sm text-muted-foreground">Use the account you already have. Daywise works in your browser; installing it as an app is up to you.</p></div><div class="p-5 pt-0">';

const AFTER_SIGN_IN_OPTIONS =
  '</div></div><p class="mt-4 text-center text-sm text-muted-foreground"><svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-lock-keyhole mr-1.5 inline size-4 -translate-y-px align-middle" aria-hidden="true"><circle cx="12" cy="16" r="1"></circle><rect x="3" y="10" width="18" height="12" rx="2"></rect><path d="M7 10V7a5 5 0 0 1 10 0v3"></path></svg>Your tasks, goals and insights are private to your account.</p></div><section aria-label="What Daywise does" class="lg:col-start-1 lg:row-start-2 lg:self-start"><ul class="mx-auto grid max-w-md gap-4 lg:mx-0"><li class="flex gap-3"><span class="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground"><svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-calendar-check size-5" aria-hidden="true"><path d="M8 2v3"></path><path d="M16 2v3"></path><rect x="3" y="3" width="18" height="18" rx="2"></rect><path d="M3 9h18"></path><path d="m9 15 2 2 4-4"></path></svg></span><span><span class="block font-medium">A board for each day</span><span class="block text-sm text-muted-foreground">To Do, In Progress and Done, with unfinished work rolled over at day&#x27;s end.</span></span></li><li class="flex gap-3"><span class="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground"><svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-target size-5" aria-hidden="true"><circle cx="12" cy="12" r="10"></circle><circle cx="12" cy="12" r="6"></circle><circle cx="12" cy="12" r="2"></circle></svg></span><span><span class="block font-medium">Goals that move</span><span class="block text-sm text-muted-foreground">Link tasks to goals and watch their progress grow.</span></span></li><li class="flex gap-3"><span class="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground"><svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-sparkles lucide-stars size-5" aria-hidden="true"><path d="M11.017 2.814a1 1 0 0 1 1.966 0l1.051 5.558a2 2 0 0 0 1.594 1.594l5.558 1.051a1 1 0 0 1 0 1.966l-5.558 1.051a2 2 0 0 0-1.594 1.594l-1.051 5.558a1 1 0 0 1-1.966 0l-1.051-5.558a2 2 0 0 0-1.594-1.594l-5.558-1.051a1 1 0 0 1 0-1.966l5.558-1.051a2 2 0 0 0 1.594-1.594z"></path><path d="M20 2v4"></path><path d="M22 4h-4"></path><circle cx="4" cy="20" r="2"></circle></svg></span><span><span class="block font-medium">An AI planning assistant</span><span class="block text-sm text-muted-foreground">Break goals into tasks and get daily insights on how you work.</span></span></li></ul></section></main></div>';

const SIGN_IN_BUTTON_CLASS =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&amp;_svg]:pointer-events-none [&amp;_svg]:size-4 [&amp;_svg]:shrink-0 ";
const FIRST_BUTTON_CLASS = "bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover h-11 px-6 text-base w-full";
const OTHER_BUTTON_CLASS =
  "border border-input bg-background shadow-xs hover:bg-accent hover:text-accent-foreground h-11 px-6 text-base w-full";
const SIGN_IN_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-log-in" aria-hidden="true"><path d="m10 17 5-5-5-5"></path><path d="M15 12H3"></path><path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4"></path></svg>';

/** What a provider's sign-in button says (the welcome screen's, here and in sign-in-options.tsx). */
export function signInLabel(provider: WelcomeScreenProvider): string {
  return `Sign in with ${provider.id === "google" ? "Google" : provider.displayName}`;
}

function signInOptionsHtml(providers: readonly WelcomeScreenProvider[], returnPath: string): string {
  if (providers.length === 0) return '<p class="text-sm text-muted-foreground">No sign-in method is set up on this server yet.</p>';
  const items = providers.map((provider, index) => {
    const buttonClass = `${SIGN_IN_BUTTON_CLASS}${index === 0 ? FIRST_BUTTON_CLASS : OTHER_BUTTON_CLASS}`;
    const href = escapeHtml(signInPath(provider.id, returnPath));
    return `<li><a href="${href}" aria-busy="false" class="${buttonClass}">${SIGN_IN_ICON}${escapeHtml(signInLabel(provider))}</a></li>`;
  });
  return `<ul class="grid gap-3">${items.join("")}</ul>`;
}

/** The welcome screen for these sign-in providers, on the page at `returnPath` (path and query). */
export function welcomeScreenHtml(providers: readonly WelcomeScreenProvider[], returnPath: string): string {
  return `${BEFORE_SIGN_IN_OPTIONS}${signInOptionsHtml(providers, returnPath)}${AFTER_SIGN_IN_OPTIONS}`;
}
