// A message/send costs the account a call of its pool (issue 37): the SDK repeats it only where it
// certainly did not run. After the proxy's own 504 or 502 saying it reached the upstream, one
// request; after a 502 saying it never did, the retries as usual. No server is needed: every
// fetch here is counted and answered in place, and none may reach the network.
import { test } from "node:test";
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";
import { consumerDir, writeFile } from "./helpers.mjs";

const dir = consumerDir("paid-calls-consumer");
const entry = writeFile(dir, "use.mjs", 'export * from "magisterium-a2a";\n');
const { MagisteriumClient } = await import(pathToFileURL(entry).href);

/** A fetch that counts its calls and answers the proxy's own error (`data` as it writes it). */
function proxyAnswering(status, upstream, reason) {
  const f = async () => {
    f.calls += 1;
    const error = { code: -32603, message: "Upstream fault", data: { upstream, reason } };
    return Response.json({ jsonrpc: "2.0", id: null, error }, { status });
  };
  f.calls = 0;
  return f;
}

test("a message/send the proxy forwarded is sent once; one it never forwarded is repeated", async () => {
  const cases = [
    [504, "reached", "timeout", 1],
    [502, "reached", "too_large", 1],
    [502, "reached", "no_answer", 1],
    [502, "not_reached", "no_answer", 3],
  ];
  for (const [status, upstream, reason, calls] of cases) {
    const fetch = proxyAnswering(status, upstream, reason);
    const client = new MagisteriumClient({ endpoint: "https://agent.test/api/v1/a2a", fetch, maxRetries: 2 });
    await assert.rejects(client.documentSearch("just wage"), (e) => {
      assert.equal(e.kind, "rpc_error");
      assert.equal(e.status, status);
      assert.deepEqual(e.data, { upstream, reason });
      return true;
    });
    assert.equal(fetch.calls, calls, `${status} ${upstream} ${reason}`);
  }
});
