// Inline in <head> so that the theme is set before the first paint. The CSP allows it by hash, so
// the build (vite.config.ts) and src/server/plugins/security.ts must use exactly this string.
export const THEME_STORAGE_KEY = "daywise:theme";

export const DARK_SCHEME_QUERY = "(prefers-color-scheme: dark)";

/** Dark: the page's background, so that a dark page does not sit under a bright status bar. */
export const THEME_COLORS = { light: "#4f46e5", dark: "#020617" } as const;

/** src/web/lib/theme.ts applies the same rule later; theme.test.ts checks that they agree. */
export const THEME_SCRIPT = `(function(){var c=null;try{c=localStorage.getItem("${THEME_STORAGE_KEY}")}catch(e){}var d=c==="dark"||(c!=="light"&&matchMedia("${DARK_SCHEME_QUERY}").matches);document.documentElement.classList.toggle("dark",d);var m=document.querySelector('meta[name="theme-color"]');if(m)m.setAttribute("content",d?"${THEME_COLORS.dark}":"${THEME_COLORS.light}")})()`;
