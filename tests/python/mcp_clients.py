"""The official MCP Python client (PyPI `mcp` 2.x: ClientSession over streamable_http_client)
reaches Magisterium's skills as tools through the Worker's /mcp, with no code of ours in the
client: against the embedded stand-in, and through the proxy to a 0.2.6 upstream (the fault
server), which must see only 0.2.6 `message/send`. In both eras the client speaks: the 2025
handshake (`initialize`, 2025-11-25) and 2026-07-28 (`server/discover`, then stateless requests).

    .venv-mcp/bin/python tests/python/mcp_clients.py     (scripts/test.sh runs it; exit 1 on failure)

The servers are those of scripts/test.sh; their URLs come from the environment it sets.
"""

import asyncio
import json
import os
import re
import sys
import urllib.request
import uuid

from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

AGENT_URL = os.environ.get("MAGISTERIUM_AGENT_URL", "http://127.0.0.1:18787")
PROXY_URL = os.environ.get("MAGISTERIUM_PROXY_URL", "http://127.0.0.1:18789")
FAULT_URL = os.environ.get("MAGISTERIUM_FAULT_URL", "http://127.0.0.1:18900")
SKILLS = [
    "catholic_qa", "document_search", "document_fetch", "liturgical_readings", "saints_of_the_day",
    "saint_lookup", "person_lookup", "pope_lookup", "diocese_lookup", "diocese_statistics_lookup",
]
FIXTURES = {
    "catholic_qa": "qa_answer", "document_search": "search_results", "document_fetch": "document",
    "liturgical_readings": "readings", "saints_of_the_day": "saints",
    "diocese_statistics_lookup": "lookup_statistics",
}


def get_json(url):
    with urllib.request.urlopen(url, timeout=10) as res:
        return json.load(res)


def text(result):
    return "\n".join(c.text for c in result.content if c.type == "text")


def check(condition, what):
    if not condition:
        raise AssertionError(what)


async def rejected(call, code, pattern):
    try:
        await call
    except MCPError as e:
        check(e.error.code == code, f"{pattern}: code {e.error.code}")
        check(pattern in e.error.message, f"{pattern!r} not in {e.error.message!r}")
        return
    raise AssertionError(f"expected a JSON-RPC error: {pattern}")


async def session_for(base, body, era):
    async with streamable_http_client(f"{base}/mcp") as streams:
        async with ClientSession(streams[0], streams[1]) as session:
            if era == "2026-07-28":
                found = await session.discover()
                check(found.supported_versions == ["2026-07-28", "2025-11-25", "2025-06-18"], "versions")
            else:
                await session.initialize()
                await session.send_ping()
            check(session.server_info.name == "magisterium-a2a", "server name")
            check(session.protocol_version == era, f"version {session.protocol_version}")
            tools = (await session.list_tools()).tools
            check([t.name for t in tools] == SKILLS, "the ten tools, in the card's order")
            await body(session, tools)


async def stand_in(session, tools):
    card = get_json(f"{AGENT_URL}/.well-known/agent.json")
    search = await session.call_tool("document_search", {"query": "just wage"})
    hit = search.structured_content["results"][0]
    links = [c for c in search.content if c.type == "resource_link"]
    check(links and str(links[0].uri).rstrip("/") == hit["url"].rstrip("/"), "search hits as resource links")
    for tool in tools:
        skill = next(s for s in card["skills"] if s["id"] == tool.name)
        argument = tool.input_schema["required"][0]
        value = str(hit["id"]) if tool.name == "document_fetch" else skill["examples"][0]
        result = await session.call_tool(tool.name, {argument: value})
        check(not result.is_error, f"{tool.name}: {text(result)}")
        check(text(result), f"{tool.name}: text for the model")
        check((result.structured_content is not None) == (tool.output_schema is not None), tool.name)
    missing = await session.call_tool("document_fetch", {"id": "no-such-document"})
    check(missing.is_error and text(missing).startswith("Not found:"), "not found")
    bad_date = await session.call_tool("saints_of_the_day", {"date": "2026-13-45"})
    check(bad_date.is_error and "bad date" in text(bad_date), f"bad date: {text(bad_date)}")
    await rejected(session.call_tool("weather", {"city": "Rome"}), -32602, "Unknown tool: weather")
    await rejected(session.call_tool("pope_lookup", {}), -32602, "Invalid arguments: query is required")


async def call_waiting(session, name, arguments):
    """A tool call; catholic_qa's per-client limit of the proxy (2 a window, shared with the other
    clients' tests) may refuse it: then wait the seconds the result names and call again."""
    result = await session.call_tool(name, arguments)
    wait = re.match(r"Rate limited: .* Try again in (\d+) seconds?\.", text(result)) if result.is_error else None
    if not wait:
        return result
    await asyncio.sleep(int(wait.group(1)) + 1)
    return await session.call_tool(name, arguments)


async def proxy(session, tools):
    for tool in tools:
        # A nonce: the proxy caches documents by id, and this call must reach the upstream.
        value = f"scenario:fixture:{FIXTURES.get(tool.name, 'lookup_pope')}:{uuid.uuid4()}"
        result = await call_waiting(session, tool.name, {tool.input_schema["required"][0]: value})
        check(not result.is_error, f"{tool.name}: {text(result)}")
        last = get_json(f"{FAULT_URL}/__last")
        sent = json.loads(last["body"])
        check(sent["method"] == "message/send", f"{tool.name}: {sent['method']}")
        check(sent["params"]["message"]["metadata"]["skillId"] == tool.name, tool.name)
        mcp_headers = [h for h in last["headers"] if h.startswith("mcp-") or h == "a2a-version"]
        check(not mcp_headers, f"0.2.6 only, not {mcp_headers}")
    expected = {
        "ratelimit": "Try again in 30 seconds.",
        "unauthorized": "Unauthorized: Magisterium refused this server's credential",
        "plan": "Plan required:",
    }
    for scenario, words in expected.items():
        result = await session.call_tool("document_search", {"query": f"scenario:{scenario}"})
        check(result.is_error and words in text(result), f"{scenario}: {text(result)}")
    missing = await session.call_tool("document_fetch", {"id": "scenario:notfound"})
    check(missing.is_error and text(missing).startswith("Not found:"), "not found")
    before = get_json(f"{FAULT_URL}/__count/by-query")["count"]
    await rejected(session.call_tool("nope", {"query": "x"}), -32602, "Unknown tool: nope")
    await rejected(session.call_tool("catholic_qa", {"question": "  "}), -32602, "question must not be blank")
    check(get_json(f"{FAULT_URL}/__count/by-query")["count"] == before, "refused calls never go upstream")


async def main():
    for era in ["2025-11-25", "2026-07-28"]:
        await session_for(AGENT_URL, stand_in, era)
        print(f"ok: the Python client against the stand-in ({era})")
        await session_for(PROXY_URL, proxy, era)
        print(f"ok: the Python client through the proxy ({era})")


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except Exception as e:  # the report names the failed check; exit 1 fails scripts/test.sh
        while isinstance(e, BaseExceptionGroup) and len(e.exceptions) == 1:
            e = e.exceptions[0]  # the client's task groups wrap the failed check
        print(f"FAIL: {type(e).__name__}: {e}", file=sys.stderr)
        sys.exit(1)
