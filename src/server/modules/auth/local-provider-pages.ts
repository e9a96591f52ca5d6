// Server-rendered pages of the built-in identity provider and of failed sign-ins. No script at all
// (the CSP allows scripts from our own files only); inline styles are allowed.

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
    font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a}
  main{width:100%;max-width:24rem;margin:1rem;padding:2rem;background:#fff;border:1px solid #e2e8f0;
    border-radius:.75rem;box-shadow:0 1px 3px rgba(15,23,42,.08)}
  h1{margin:0 0 .25rem;font-size:1.25rem}
  p{margin:0 0 1.25rem;color:#475569;font-size:.875rem;line-height:1.4}
  label{display:block;margin:0 0 .375rem;font-size:.875rem;font-weight:600}
  input{display:block;width:100%;margin:0 0 1rem;padding:.5rem .75rem;font:inherit;border:1px solid #cbd5e1;
    border-radius:.375rem}
  input:focus{outline:2px solid #2563eb;outline-offset:1px}
  button{width:100%;padding:.625rem;font:inherit;font-weight:600;color:#fff;background:#2563eb;border:0;
    border-radius:.375rem;cursor:pointer}
  button:hover{background:#1d4ed8}
  button:focus-visible{outline:2px solid #1e3a8a;outline-offset:2px}
  .error{padding:.5rem .75rem;margin:0 0 1rem;color:#991b1b;background:#fef2f2;border:1px solid #fecaca;
    border-radius:.375rem}
  a{color:#2563eb}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
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

/** The local provider's sign-in page: the fields 'Name' and 'Email' and the button 'Sign in'. */
export function renderSignInPage(view: SignInFormView): string {
  const error = view.error ? `<div class="error" role="alert">${escapeHtml(view.error)}</div>` : "";
  return page(
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

/** A sign-in that could not finish, with a way back. */
export function renderSignInFailedPage(message: string, retryPath: string): string {
  return page(
    "Sign-in failed - Daywise",
    `<h1>Sign-in failed</h1>
<p role="alert">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(retryPath)}">Try again</a> or <a href="/">go back to Daywise</a>.</p>`,
  );
}
