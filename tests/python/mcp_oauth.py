"""The official MCP Python client (PyPI `mcp` 2.x) signs in through the Worker's MCP
authorization with its own OAuth support (`mcp.client.auth.OAuthClientProvider`: discovery from
the 401, dynamic client registration, PKCE S256, the RFC 9207 `iss` check), then lists the tools
and calls one on the visitor's own Magisterium token, in both eras it speaks. The Worker is the
demo with sign-in required (`AGENT_OAUTH=on`, `ALLOW_ANONYMOUS=off`, the stand-in's emulated
issuer), started here on a port of its own; the operator's token is set and the stand-in refuses
it, so a tool call that succeeds ran on the visitor's token. The "browser" answers the consent
page and follows the Magisterium sign-in by hand (tests/js/oauth-browser.mjs does the same for
the TypeScript clients, which tests/js/mcp-oauth.test.mjs runs through every case).

    .venv-mcp/bin/python tests/python/mcp_oauth.py     (scripts/test.sh runs it; exit 1 on failure)

MAGISTERIUM_TEST_PORT_OFFSET moves its ports, as it moves the JavaScript tests'.
"""

import asyncio
import html
import os
import re
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import parse_qs, urljoin, urlparse

import httpx2
from mcp import ClientSession
from mcp.client.auth import AuthorizationCodeResult, OAuthClientProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import OAuthClientMetadata

ROOT = Path(__file__).resolve().parents[2]
OFFSET = int(os.environ.get("MAGISTERIUM_TEST_PORT_OFFSET", "0"))
PORT = 18935 + OFFSET
BASE = f"http://127.0.0.1:{PORT}"
MCP = f"{BASE}/mcp"
REDIRECT = f"http://localhost:{18932 + OFFSET}/oauth/callback"  # never reached: the browser stops at it
SIGN_IN = ["/oauth/authorize", "/auth/callback", "/mcp-auth/resume"]


def check(condition, what):
    if not condition:
        raise AssertionError(what)


class Memory:
    """The client's tokens and registration, in memory (`TokenStorage`)."""

    def __init__(self):
        self.tokens = None
        self.client_info = None

    async def get_tokens(self):
        return self.tokens

    async def set_tokens(self, tokens):
        self.tokens = tokens

    async def get_client_info(self):
        return self.client_info

    async def set_client_info(self, client_info):
        self.client_info = client_info


class Browser:
    """Answers the consent page (approve) and follows each redirect with the cookies the answers
    set, until the Worker sends it to the client's redirect URI; then hands the client the code."""

    def __init__(self):
        self.visits = []

    async def redirect(self, url):
        cookies = {}

        def take(res):
            for line in res.headers.get_list("set-cookie"):
                name, _, value = line.split(";")[0].strip().partition("=")
                cookies[name] = value
            return res

        def jar():
            return {"cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())}

        async with httpx2.AsyncClient(follow_redirects=False, timeout=30) as web:
            page = take(await web.get(url))
            check(page.status_code == 200, f"the consent page: {page.status_code}")
            handle = re.search(r'name="handle" value="([^"]*)"', page.text)
            check(handle is not None, "the consent form carries a handle")
            check("Python test client" in page.text, "the page names the client")
            check("localhost" in page.text, "the page names the redirect host")
            form = {"handle": html.unescape(handle.group(1)), "decision": "approve"}
            res = take(await web.post(url, data=form, headers={"origin": BASE, **jar()}))
            hops = []
            while res.status_code == 302 and len(hops) < 10:
                location = urljoin(str(res.url), res.headers["location"])
                if location.startswith(REDIRECT):
                    check(hops == SIGN_IN, f"consent, then the Magisterium sign-in: {hops}")
                    self.visits.append(location)
                    return
                hops.append(urlparse(location).path)
                res = take(await web.get(location, headers=jar()))
            raise AssertionError(f"no way back to the client: {res.status_code} after {hops}")

    async def callback(self):
        query = parse_qs(urlparse(self.visits[-1]).query)
        check(query["iss"] == [BASE], f"iss {query.get('iss')}")
        return AuthorizationCodeResult(code=query["code"][0], state=query["state"][0], iss=query["iss"][0])


async def session_for(provider, era):
    """One session of the client in `era`, on the provider's tokens: the tools, and a call."""
    async with httpx2.AsyncClient(auth=provider, timeout=30) as http:
        async with streamable_http_client(MCP, http_client=http) as streams:
            async with ClientSession(streams[0], streams[1]) as session:
                if era == "2026-07-28":
                    await session.discover()
                else:
                    await session.initialize()
                check(session.protocol_version == era, f"version {session.protocol_version}")
                tools = [t.name for t in (await session.list_tools()).tools]
                check("pope_lookup" in tools, f"tools {tools}")
                result = await session.call_tool("pope_lookup", {"query": "Leo XIV"})
                text = "\n".join(c.text for c in result.content if c.type == "text")
                check(not result.is_error, f"the call ran on the visitor's token: {text}")
                check("Leo XIV" in text, text)


def revoke(client_id, token):
    body = f"token={token}&token_type_hint=access_token&client_id={client_id}".encode()
    request = urllib.request.Request(f"{BASE}/mcp-auth/token", data=body, method="POST")
    request.add_header("content-type", "application/x-www-form-urlencoded")
    with urllib.request.urlopen(request, timeout=10) as res:
        check(res.status == 200, f"revocation: {res.status}")


async def main():
    storage, browser = Memory(), Browser()
    metadata = OAuthClientMetadata(
        client_name="Python test client", redirect_uris=[REDIRECT], token_endpoint_auth_method="none",
        grant_types=["authorization_code", "refresh_token"], response_types=["code"], scope="mcp",
    )
    provider = OAuthClientProvider(MCP, metadata, storage, redirect_handler=browser.redirect, callback_handler=browser.callback)
    await session_for(provider, "2025-11-25")
    check(len(browser.visits) == 1, "one sign-in")
    check(storage.client_info is not None and not storage.client_info.client_id.startswith("https:"), "registered by DCR")
    check(re.search(r"\b(at|rt)_[\w-]{20,}", storage.tokens.access_token) is None, "the Worker's own token, not Magisterium's")
    print("ok: the Python client signs in (DCR, consent, the Magisterium sign-in) and calls on its own token (2025-11-25)")
    await session_for(provider, "2026-07-28")
    check(len(browser.visits) == 1, "the same grant, no second sign-in")
    print("ok: the Python client, same grant (2026-07-28)")
    # A revoked token: the client meets the 401 and signs in again.
    revoked = storage.tokens.access_token
    revoke(storage.client_info.client_id, revoked)
    await session_for(provider, "2026-07-28")
    check(len(browser.visits) == 2 and storage.tokens.access_token != revoked, "signed in again after the revocation")
    print("ok: the Python client signs in again after its token is revoked")


def start_worker(state):
    """`wrangler dev` of the demo, signed-in mode, on PORT (own process group); waits until it answers."""
    env = {**os.environ, "PATH": f"{ROOT / 'node_modules' / '.bin'}{os.pathsep}{os.environ.get('PATH', '')}",
           "WRANGLER_SEND_METRICS": "false", "CLOUDFLARE_CF_FETCH_ENABLED": "false"}
    variables = ["AGENT_OAUTH:on", "ALLOW_ANONYMOUS:off", "OAUTH_ISSUER:embedded",
                 "MAGISTERIUM_TOKEN:operator-token-the-stand-in-refuses", f"ALLOWED_ORIGINS:{BASE}"]
    args = ["wrangler", "dev", "--local", "--ip", "127.0.0.1", "--port", str(PORT), "--inspector-port", str(PORT + 10000),
            "--show-interactive-dev-session=false", "--persist-to", state]
    for v in variables:
        args += ["--var", v]
    log = open(Path(state) / "wrangler.log", "w")
    worker = subprocess.Popen(args, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    for _ in range(120):
        if worker.poll() is not None:
            break
        try:
            urllib.request.urlopen(f"{BASE}/auth/session", timeout=2)
            return worker
        except OSError:
            time.sleep(0.5)
    os.killpg(worker.pid, 15)
    raise RuntimeError(f"wrangler dev on {PORT} did not start:\n{(Path(state) / 'wrangler.log').read_text()}")


if __name__ == "__main__":
    with tempfile.TemporaryDirectory(prefix="wrangler-state-") as state:
        worker = start_worker(state)
        try:
            asyncio.run(main())
        finally:
            os.killpg(worker.pid, 15)
            worker.wait()
