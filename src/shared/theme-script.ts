// The theme's first paint (issue 17, decision 017). The page must have its theme before anything is
// drawn, or a dark-mode user sees a white flash on every load: a module script runs too late (after
// the HTML is parsed), and the server cannot know the choice (it lives in the browser's storage).
// So index.html's <head> carries this small classic script, which runs before the body is parsed
// and sets <html class="dark"> from the stored choice, or from the system's scheme without one.
// It is inline (no extra request before the first paint) and the CSP allows exactly these bytes by
// their hash: the build puts this string into index.html (vite.config.ts) and the server hashes the
// same string for its Content-Security-Policy (src/server/plugins/security.ts).
/** The browser-storage key of the theme choice: "light" or "dark"; none means "follow the system". */
export const THEME_STORAGE_KEY = "daywise:theme";

/** The media query of the system's dark scheme. */
export const DARK_SCHEME_QUERY = "(prefers-color-scheme: dark)";

/**
 * The browser's own colour around the page (a phone's status bar), `<meta name="theme-color">`:
 * the brand's indigo in the light theme (as index.html and the manifest say), the page's background
 * in the dark one, so a dark page does not sit under a bright bar.
 */
export const THEME_COLORS = { light: "#4f46e5", dark: "#020617" } as const;

/**
 * Sets the `dark` class on <html> when the stored choice is "dark", or when there is no valid
 * choice and the system prefers dark, and the theme-color meta to match (the script comes right
 * after it in <head>). Storage can throw (blocked cookies): then the system decides.
 * src/web/lib/theme.ts applies the same rule later; theme.test.ts checks that they agree.
 */
export const THEME_SCRIPT = `(function(){var c=null;try{c=localStorage.getItem("${THEME_STORAGE_KEY}")}catch(e){}var d=c==="dark"||(c!=="light"&&matchMedia("${DARK_SCHEME_QUERY}").matches);document.documentElement.classList.toggle("dark",d);var m=document.querySelector('meta[name="theme-color"]');if(m)m.setAttribute("content",d?"${THEME_COLORS.dark}":"${THEME_COLORS.light}")})()`;
