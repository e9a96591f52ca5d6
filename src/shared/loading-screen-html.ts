// The loading screen (spec section 2, src/web/app/shell/loading-screen.tsx) as HTML: the server
// puts it in a signed-in page's #root, so a phone paints it from the HTML, before any script has
// arrived, and the app's first render replaces it (decision 013). Exactly what React renders for
// the component (loading-screen.test.tsx), so the swap shows no change.
export const LOADING_SCREEN_HTML =
  '<div class="grid min-h-dvh place-items-center p-6"><div role="status" class="flex flex-col items-center gap-3 text-center"><svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-loader-circle lucide-loader-2 size-8 animate-spin text-primary" aria-hidden="true"><path d="M21 12a9 9 0 1 1-6.219-8.56"></path></svg><p class="text-lg font-medium">Loading...</p><p class="text-sm text-muted-foreground">Checking authentication status</p></div></div>';
