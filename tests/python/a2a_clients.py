"""The official A2A Python client (PyPI `a2a-sdk` 1.3.0) reaches Magisterium through the Worker's
1.0 door, with no code of ours in the client, over both bindings the 1.0 card declares (JSON-RPC
and HTTP+JSON, the client told to prefer each in turn): against the embedded stand-in, and through
the proxy to a 0.2.6 upstream (the fault server), which must see only 0.2.6 calls.

    .venv-a2a/bin/python tests/python/a2a_clients.py     (scripts/test.sh runs it; exit 1 on failure)

The servers are those of scripts/test.sh; their URLs come from the environment it sets.
"""

import asyncio
import json
import os
import sys
import urllib.request
import uuid

import httpx
from a2a.client import ClientConfig, ClientFactory
from a2a.types import CancelTaskRequest, GetTaskRequest, Message, Part, Role, SendMessageRequest, TaskState
from a2a.utils.errors import TaskNotCancelableError, TaskNotFoundError

AGENT_URL = os.environ.get("MAGISTERIUM_AGENT_URL", "http://127.0.0.1:18787")
PROXY_URL = os.environ.get("MAGISTERIUM_PROXY_URL", "http://127.0.0.1:18789")
FAULT_URL = os.environ.get("MAGISTERIUM_FAULT_URL", "http://127.0.0.1:18900")
BINDINGS = ["JSONRPC", "HTTP+JSON"]


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def last_upstream_call():
    with urllib.request.urlopen(f"{FAULT_URL}/__last", timeout=10) as res:
        return json.loads(json.load(res)["body"])


def message(text, skill):
    msg = Message(message_id=str(uuid.uuid4()), role=Role.ROLE_USER, parts=[Part(text=text)])
    msg.metadata.update({"skillId": skill})
    return SendMessageRequest(message=msg)


async def sent_task(client, text, skill):
    """The task a non-streaming send answers (the client yields it as one StreamResponse)."""
    answers = [answer async for answer in client.send_message(message(text, skill))]
    check(len(answers) == 1, f"one answer, got {answers}")
    check(answers[0].HasField("task"), f"a task, got {answers[0]}")
    return answers[0].task


async def rejected(call, error):
    try:
        await call
    except error:
        return
    raise AssertionError(f"expected {error.__name__}")


async def run(url, binding, ids, requests):
    """One client of `url` preferring `binding`: send, get, cancel, a missing task."""
    label = f"{url} over {binding}"
    config = ClientConfig(streaming=False, supported_protocol_bindings=[binding], use_client_preference=True,
                          httpx_client=httpx.AsyncClient(timeout=30, event_hooks={"request": [requests.append_request]}))
    client = await ClientFactory(config).create_from_url(url)
    mark = len(requests.seen)
    # A text of its own per run (the fault server ignores a scenario's third segment): new to the
    # proxy's answer cache, so the call reaches the upstream.
    text = ids["text"] + (f":{binding}-{uuid.uuid4()}" if ids.get("upstream") else "")
    task = await sent_task(client, text, "document_search")
    check(task.status.state == TaskState.TASK_STATE_COMPLETED, f"{label}: completed, got {task.status}")
    if ids.get("upstream"):
        sent = last_upstream_call()
        check(sent["method"] == "message/send", f"{label}: the upstream got {sent['method']}")
    got = await client.get_task(GetTaskRequest(id=ids["get"] or task.id))
    check(got.status.state == TaskState.TASK_STATE_COMPLETED, f"{label}: get, got {got.status}")
    await rejected(client.cancel_task(CancelTaskRequest(id=ids["finished"] or task.id)), TaskNotCancelableError)
    await rejected(client.get_task(GetTaskRequest(id=ids["missing"])), TaskNotFoundError)
    made = requests.seen[mark:]
    check(made, f"{label}: no request seen")
    for method, path in made:
        if binding == "JSONRPC":
            check((method, path) == ("POST", "/api/v1/a2a"), f"{label}: {method} {path}")
        else:
            check(path.startswith("/api/v1/a2a/") and (path.endswith(":send") or "/tasks/" in path),
                  f"{label}: {method} {path}")
    print(f"a2a-sdk 1.3.0: {label}: send, get, cancel, a missing task: ok ({len(made)} requests)")


class Requests:
    """Each request the clients made, (method, path), from httpx's request hook."""

    def __init__(self):
        self.seen = []

    async def append_request(self, request):
        self.seen.append((request.method, request.url.path))


async def main():
    requests = Requests()
    agent = {"text": "just wage", "get": None, "finished": None, "missing": "no-such-task"}
    proxy = {"text": "scenario:ok:document_search", "get": "scenario:ok", "finished": "scenario:finished",
             "missing": "scenario:tasknotfound", "upstream": True}
    for binding in BINDINGS:
        await run(AGENT_URL, binding, agent, requests)
        await run(PROXY_URL, binding, proxy, requests)


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except Exception as e:  # the report names the failed check; raised again, status 1 fails scripts/test.sh
        print(f"a2a-sdk client check failed: {type(e).__name__}: {e}", file=sys.stderr)
        raise
