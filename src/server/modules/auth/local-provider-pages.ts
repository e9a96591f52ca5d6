// One script only, the web app's theme script (the CSP allows it by its hash, decision 017), so the page shows the app's theme.
import { escapeHtml } from "../../../shared/escape-html.ts";
import { THEME_SCRIPT } from "../../../shared/theme-script.ts";

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;
    padding:1.5rem 1rem;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
    -webkit-font-smoothing:antialiased;background:#f8fafc;color:#0f172a;overflow-wrap:anywhere}
  .brand{display:flex;align-items:center;gap:.5rem;margin:0 0 1.25rem;font-size:1.25rem;font-weight:700;
    letter-spacing:-.025em;color:#0f172a;text-decoration:none;border-radius:.375rem}
  .brand svg{width:2.25rem;height:2.25rem;flex-shrink:0}
  main{width:100%;max-width:24rem;padding:2rem;background:#fff;border:1px solid #e2e8f0;
    border-radius:.75rem;box-shadow:0 1px 3px rgba(15,23,42,.08)}
  @media (max-width:480px){main{padding:1.5rem}}
  h1{margin:0 0 .25rem;font-size:1.5rem;font-weight:700;letter-spacing:-.025em}
  p{margin:0 0 1.25rem;color:#475569;font-size:.875rem;line-height:1.45}
  label{display:block;margin:0 0 .375rem;font-size:.875rem;font-weight:500}
  input{display:block;width:100%;height:2.5rem;margin:0 0 1rem;padding:.5rem .75rem;font:inherit;font-size:.875rem;
    color:inherit;background:#fff;border:1px solid #cbd5e1;border-radius:.5rem}
  input:focus{outline:2px solid #6366f1;outline-offset:1px}
  button{width:100%;height:2.5rem;padding:0 1rem;margin-top:.25rem;font:inherit;font-size:.875rem;font-weight:500;
    color:#fff;background:#4f46e5;border:0;border-radius:.5rem;cursor:pointer}
  button:hover{background:#4338ca}
  :focus-visible{outline:2px solid #6366f1;outline-offset:2px}
  .error{padding:.5rem .75rem;margin:0 0 1rem;color:#991b1b;background:#fef2f2;border:1px solid #fecaca;
    border-radius:.5rem;font-size:.875rem}
  a{color:#4338ca}
  ul{margin:0 0 1.25rem;padding-left:1.25rem;font-size:.875rem;line-height:1.6}
  .actions{display:flex;gap:.75rem}
  .actions button{flex:1}
  button.secondary{color:#0f172a;background:#fff;border:1px solid #cbd5e1}
  button.secondary:hover{background:#f1f5f9}
  .dark button.secondary{color:#f1f5f9;background:#0f172a;border-color:#475569}
  .dark button.secondary:hover{background:#1e293b}
  html.dark{color-scheme:dark}
  .dark body{background:#020617;color:#f1f5f9}
  .dark .brand{color:#f1f5f9}
  .dark main{background:#0f172a;border-color:#334155;box-shadow:none}
  .dark p{color:#94a3b8}
  .dark input{background:#020617;border-color:#475569}
  .dark input:focus,.dark :focus-visible{outline-color:#818cf8}
  .dark button{color:#020617;background:#818cf8}
  .dark button:hover{background:#a5b4fc}
  .dark .error{color:#fecaca;background:#450a0a;border-color:#991b1b}
  .dark a{color:#a5b4fc}
`;

const BRAND_MARK = `<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="#4f46e5"/><circle cx="16" cy="17" r="6" fill="#fbbf24"/><path d="M6 24h20" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/></svg>`;

/** A page of the server's own (sign-in, consent): the app's look without its script. */
export function standalonePage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<script>${THEME_SCRIPT}</script>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<header><a class="brand" href="/">${BRAND_MARK}<span>Daywise</span></a></header>
<main>
${body}
</main>
</body>
</html>`;
}

export interface SignInFormView {
  action: string;
  name?: string;
  email?: string;
  error?: string;
}

export function renderSignInPage(view: SignInFormView): string {
  const error = view.error ? `<div class="error" role="alert">${escapeHtml(view.error)}</div>` : "";
  return standalonePage(
    "Sign in - Daywise",
    `<h1>Sign in</h1>
<p>Local sign-in for this Daywise server. The same e-mail address always signs in to the same account.</p>
${error}<form method="post" action="${escapeHtml(view.action)}">
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" required maxlength="200" value="${escapeHtml(view.name ?? "")}" autofocus>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="320" value="${escapeHtml(view.email ?? "")}">
<button type="submit">Sign in</button>
</form>`,
  );
}

export function renderSignInFailedPage(message: string, retryPath: string): string {
  return standalonePage(
    "Sign-in failed - Daywise",
    `<h1>Sign-in failed</h1>
<p role="alert">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(retryPath)}">Try again</a> or <a href="/">go back to Daywise</a>.</p>`,
  );
}

export function renderSignInChoicePage(providers: Array<{ displayName: string; path: string }>): string {
  return standalonePage(
    "Sign in to connect - Daywise",
    `<h1>Sign in to connect an app</h1>
<p>Sign in to Daywise first; then you choose whether to allow the app.</p>
${providers.map(({ displayName, path }) => `<p><a href="${escapeHtml(path)}">Sign in with ${escapeHtml(displayName)}</a></p>`).join("\n")}`,
  );
}
