// A small OpenID Connect issuer for tests, on 127.0.0.1 with a random port: discovery, JWKS, an
// authorization endpoint that approves at once, and a token endpoint that checks the client, the
// redirect URI, PKCE (S256) and single use of codes, like a real provider. Each knob in `misbehave`
// breaks the next ID token in one way, for the negative sign-in tests.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";

export interface TestIdentity {
  sub: string;
  name?: string;
  email?: string;
  picture?: string;
}

export interface IdTokenMisbehaviour {
  /** A nonce other than the one the relying party sent. */
  nonce?: string;
  /** Another audience than our client id. */
  audience?: string;
  /** Another issuer than the discovered one. */
  issuer?: string;
  /** Seconds from now at which the ID token expires (negative: already expired). */
  expiresIn?: number;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  identity: TestIdentity;
  used: boolean;
}

export interface TestIssuer {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Who "signs in" at the next authorization. */
  identity: TestIdentity;
  misbehave: IdTokenMisbehaviour;
  /** Token requests received (to check that a refused flow never reached the token endpoint). */
  tokenRequests: number;
  /** Follows an authorization URL like a browser would and returns the callback URL it redirects to. */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

const base64url = (buffer: Buffer) => buffer.toString("base64url");

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...headers });
  response.end(JSON.stringify(body));
}

export async function startTestIssuer(options: { clientId?: string; clientSecret?: string } = {}): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const codes = new Map<string, PendingCode>();

  const issuer: TestIssuer = {
    url: "",
    clientId: options.clientId ?? "test-client",
    clientSecret: options.clientSecret ?? "test-client-secret",
    identity: { sub: "subject-1", name: "Test Person", email: "person@example.test" },
    misbehave: {},
    tokenRequests: 0,
    async authorize(authorizationUrl) {
      const response = await fetch(authorizationUrl, { redirect: "manual" });
      const location = response.headers.get("location");
      if (response.status !== 302 || !location) {
        throw new Error(`test issuer refused the authorization: ${response.status} ${await response.text()}`);
      }
      return new URL(location);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  async function issueIdToken(code: PendingCode): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const { misbehave } = issuer;
    const claims: Record<string, unknown> = { ...code.identity };
    const nonce = misbehave.nonce ?? code.nonce;
    if (nonce !== undefined) claims.nonce = nonce;
    const expiresAt = now + (misbehave.expiresIn ?? 300);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: publicJwk.kid! })
      .setIssuer(misbehave.issuer ?? issuer.url)
      .setAudience(misbehave.audience ?? code.clientId)
      .setSubject(code.identity.sub)
      .setIssuedAt(Math.min(now, expiresAt - 60))
      .setExpirationTime(expiresAt)
      .sign(privateKey);
  }

  async function token(request: IncomingMessage, response: ServerResponse) {
    issuer.tokenRequests += 1;
    const form = new URLSearchParams(await readBody(request));
    let clientId = form.get("client_id");
    let clientSecret = form.get("client_secret");
    const basic = request.headers.authorization?.match(/^Basic (.+)$/)?.[1];
    if (basic) {
      const [id, secret] = Buffer.from(basic, "base64").toString("utf8").split(":").map(decodeURIComponent);
      clientId = id ?? null;
      clientSecret = secret ?? null;
    }
    if (clientId !== issuer.clientId || clientSecret !== issuer.clientSecret) {
      return send(response, 401, { error: "invalid_client" });
    }
    if (form.get("grant_type") !== "authorization_code") return send(response, 400, { error: "unsupported_grant_type" });
    const code = codes.get(form.get("code") ?? "");
    if (!code || code.used) return send(response, 400, { error: "invalid_grant", error_description: "code unknown or already used" });
    code.used = true;
    if (code.redirectUri !== form.get("redirect_uri"))
      return send(response, 400, { error: "invalid_grant", error_description: "redirect_uri" });
    const verifier = form.get("code_verifier") ?? "";
    if (base64url(createHash("sha256").update(verifier).digest()) !== code.codeChallenge) {
      return send(response, 400, { error: "invalid_grant", error_description: "PKCE verification failed" });
    }
    return send(response, 200, {
      access_token: base64url(randomBytes(24)),
      token_type: "Bearer",
      expires_in: 300,
      id_token: await issueIdToken(code),
    });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", issuer.url);
    void (async () => {
      if (url.pathname === "/.well-known/openid-configuration") {
        return send(response, 200, {
          issuer: issuer.url,
          authorization_endpoint: `${issuer.url}/authorize`,
          token_endpoint: `${issuer.url}/token`,
          jwks_uri: `${issuer.url}/jwks`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
          code_challenge_methods_supported: ["S256"],
          token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
        });
      }
      if (url.pathname === "/jwks") return send(response, 200, { keys: [publicJwk] });
      if (url.pathname === "/authorize") {
        const params = url.searchParams;
        if (params.get("client_id") !== issuer.clientId) return send(response, 400, { error: "invalid_client" });
        if (params.get("code_challenge_method") !== "S256" || !params.get("code_challenge")) {
          return send(response, 400, { error: "invalid_request", error_description: "PKCE S256 required" });
        }
        const code = base64url(randomBytes(24));
        const redirectUri = params.get("redirect_uri") ?? "";
        codes.set(code, {
          clientId: issuer.clientId,
          redirectUri,
          codeChallenge: params.get("code_challenge") ?? "",
          nonce: params.get("nonce") ?? undefined,
          identity: { ...issuer.identity },
          used: false,
        });
        const callback = new URL(redirectUri);
        callback.searchParams.set("code", code);
        const state = params.get("state");
        if (state !== null) callback.searchParams.set("state", state);
        response.writeHead(302, { location: callback.href });
        return response.end();
      }
      if (url.pathname === "/token" && request.method === "POST") return token(request, response);
      return send(response, 404, { error: "not_found" });
    })().catch((error: unknown) => send(response, 500, { error: "server_error", error_description: String(error) }));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return issuer;
}
