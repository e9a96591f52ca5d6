import { OAUTH_SCOPE_WORDS, type OauthScope } from "../../../shared/api/oauth.ts";
import { escapeHtml } from "../../../shared/escape-html.ts";
import { standalonePage } from "../auth/local-provider-pages.ts";

export interface ConsentView {
  clientName: string;
  /** Where the client says it is from, or its metadata document's host. */
  clientAddress: string | null;
  redirectHost: string;
  scopes: OauthScope[];
  /** The authorization request's parameters, sent back with the answer. */
  fields: Record<string, string>;
  csrfToken: string;
}

export function renderConsentPage(view: ConsentView): string {
  const hidden = Object.entries({ ...view.fields, csrf: view.csrfToken })
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
  const from = view.clientAddress ? `<p>From <strong>${escapeHtml(view.clientAddress)}</strong>.</p>` : "";
  return standalonePage(
    `Allow ${view.clientName} - Daywise`,
    `<h1>Allow ${escapeHtml(view.clientName)} to use Daywise?</h1>
${from}<p>It will be able to:</p>
<ul>${view.scopes.map((scope) => `<li>${escapeHtml(OAUTH_SCOPE_WORDS[scope])}</li>`).join("")}</ul>
<p>After you answer, you go back to <strong>${escapeHtml(view.redirectHost)}</strong>. You can disconnect it at any time in Settings → Integrations.</p>
<form method="post" action="/oauth/authorize">
${hidden}
<div class="actions">
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
<button type="submit" name="decision" value="allow" autofocus>Allow</button>
</div>
</form>`,
  );
}

export function renderAuthorizationErrorPage(message: string): string {
  return standalonePage(
    "Cannot connect - Daywise",
    `<h1>This app cannot connect</h1>
<p role="alert">${escapeHtml(message)}</p>
<p>Ask the app's makers, or <a href="/">go back to Daywise</a>.</p>`,
  );
}
