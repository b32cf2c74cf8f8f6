// The MCP client's side of MCP authorization (tests/js/mcp-oauth.test.mjs): an in-memory
// `OAuthClientProvider` for the official v2 TypeScript client, and a "browser" (plain fetch with a
// cookie jar, every redirect followed by hand) that answers the Worker's consent page and walks
// the Magisterium sign-in (the stand-in's auto-approving /oauth/authorize, /auth/callback,
// /mcp-auth/resume) until the Worker sends it to the client's redirect URI.
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { CookieJar, answerOf } from "./helpers.mjs";

/** Access and refresh tokens of the (emulated) Magisterium issuer: an MCP client never sees one. */
export const MAGISTERIUM_TOKEN = /\b(at|rt)_[\w-]{20,}/;

const unescape = (html) => html.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))).replace(/&amp;/g, "&");

/**
 * The browser: GET `authorizationUrl` (the consent page), POST the form's `handle` with `decision`
 * (from the page's origin, as a browser's form post is), then each 302 by hand with the cookies
 * the answers set, until the Location is `redirectUri`. Resolves to `{ page, callback, hops }`:
 * the consent page's HTML, the callback URL the client gets, the paths visited between.
 */
export async function browse(authorizationUrl, { redirectUri, decision = "approve" }) {
  const jar = new CookieJar();
  const url = new URL(authorizationUrl);
  const shown = jar.take(await fetch(url, { redirect: "manual" }));
  const page = await shown.text();
  assert.equal(shown.status, 200, `the consent page: ${page.slice(0, 300)}`);
  const handle = /name="handle" value="([^"]*)"/.exec(page)?.[1];
  assert.ok(handle, "the consent form carries a handle");
  let answer = jar.take(await fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { origin: url.origin, cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ handle: unescape(handle), decision }),
  }));
  const hops = [];
  for (let at = url; hops.length < 10; ) {
    assert.equal(answer.status, 302, `${at.pathname} answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
    const next = new URL(answer.headers.get("location"), at);
    if (next.href.startsWith(redirectUri)) return { page, callback: next, hops };
    hops.push(next.pathname);
    at = next;
    answer = jar.take(await fetch(next, { redirect: "manual", headers: { cookie: jar.header() } }));
  }
  assert.fail(`no way back to the client after ${hops.join(" → ")}`);
}

/**
 * An MCP client's OAuth state, in memory (`OAuthClientProvider` of @modelcontextprotocol/client):
 * its registration, tokens, PKCE verifier, state and discovery. `redirectToAuthorization` drives
 * `browse` with `decision` (null: the user never answers) and keeps what came back in `visit`.
 */
export class MemoryProvider {
  constructor({ redirectUri, name, decision = "approve", clientMetadataUrl }) {
    this.redirectUri = redirectUri;
    this.name = name;
    this.decision = decision;
    if (clientMetadataUrl) this.clientMetadataUrl = clientMetadataUrl;
    this.client = undefined;
    this.saved = [];
    this.visit = null;
    this.authorizations = 0;
  }

  get redirectUrl() {
    return this.redirectUri;
  }

  get clientMetadata() {
    return { client_name: this.name, redirect_uris: [this.redirectUri], token_endpoint_auth_method: "none" };
  }

  state() {
    this.lastState = randomBytes(16).toString("base64url");
    return this.lastState;
  }

  clientInformation() {
    return this.client;
  }

  saveClientInformation(info) {
    this.client = info;
  }

  tokens() {
    return this.saved.at(-1);
  }

  saveTokens(tokens) {
    this.saved.push(tokens);
  }

  saveCodeVerifier(verifier) {
    this.verifier = verifier;
  }

  codeVerifier() {
    return this.verifier;
  }

  saveDiscoveryState(state) {
    this.discovery = state;
  }

  discoveryState() {
    return this.discovery;
  }

  /** The client drops what the server said is no longer valid (e.g. tokens after `invalid_grant`). */
  invalidateCredentials(scope) {
    if (scope === "all" || scope === "tokens") this.saved = [];
    if (scope === "all" || scope === "client") this.client = undefined;
    if (scope === "all" || scope === "verifier") this.verifier = undefined;
    if (scope === "all" || scope === "discovery") this.discovery = undefined;
  }

  async redirectToAuthorization(url) {
    this.authorizations += 1;
    this.authorizationUrl = url;
    this.visit = this.decision === null ? null : await browse(url, { redirectUri: this.redirectUri, decision: this.decision });
  }
}

/**
 * A fetch for the client's transport that records every exchange (method, URL, status, the
 * `Authorization` it carried, the `WWW-Authenticate` it got) and the bodies of the answers, to see
 * what the client did and that no answer carried a Magisterium token.
 */
export function recordingFetch() {
  const seen = [];
  const record = async (url, init = {}) => {
    const res = await fetch(url, init);
    const streamed = (res.headers.get("content-type") ?? "").includes("text/event-stream");
    const body = streamed ? "" : await res.clone().text();
    seen.push({
      method: init.method ?? "GET",
      path: new URL(url).pathname,
      status: res.status,
      authorization: new Headers(init.headers).get("authorization"),
      challenge: res.headers.get("www-authenticate"),
      body,
    });
    return res;
  };
  return { fetch: record, seen };
}

/** The parameters of a `WWW-Authenticate: Bearer k="v", …` challenge (null when it is not Bearer). */
export function challenge(header) {
  const match = /^Bearer\s+(.*)$/i.exec(header ?? "");
  if (!match) return null;
  return Object.fromEntries([...match[1].matchAll(/([\w-]+)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => [k, v]));
}

/** A PKCE pair (RFC 7636, S256). */
export function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** A form POST to `url`; resolves to `{ status, headers, body }` (body parsed when JSON). */
export async function postForm(url, fields, headers = {}) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
  return answerOf(res);
}
