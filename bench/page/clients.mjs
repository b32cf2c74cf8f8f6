// The two clients the decode benchmarks compare, each with an injected in-memory fetch: ours and
// @a2a-js/sdk 0.3.14's A2AClient (bench/page/bench.mjs, bench/page/breakdown.mjs).
import { MagisteriumClient } from "/pkg/index.js";
import { A2AClient } from "/bench/out/a2a-sdk.mjs";
import { pick } from "./bodies.mjs";

export const MESSAGE_ID = "bench-message-1";

/**
 * For case `c`: `ours()` calls our client's method, `a2a()` sends the same message with
 * @a2a-js/sdk and picks the fields ours returns. `fetchOurs` and `fetchA2a` answer their calls.
 */
export function inMemoryClients(c, fetchOurs, fetchA2a) {
  const client = new MagisteriumClient({ endpoint: "http://127.0.0.1/bench/rpc", fetch: fetchOurs, maxRetries: 0 });
  const card = {
    name: "bench", description: "in-memory", url: "http://127.0.0.1/bench/rpc", version: "1", protocolVersion: "0.3.0",
    capabilities: {}, defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"], skills: [],
  };
  const a2a = new A2AClient(card, { fetchImpl: fetchA2a });
  const params = {
    message: { kind: "message", role: "user", messageId: MESSAGE_ID, parts: [{ kind: "text", text: c.arg }], metadata: { skillId: c.skill } },
  };
  const opts = { messageId: MESSAGE_ID };
  return {
    ours: () => client[c.method](c.arg, opts),
    a2a: async () => {
      a2a.requestIdCounter = 1; // the JSON-RPC id it sends; the body answers id 1
      return pick(c.skill, await a2a.sendMessage(params));
    },
  };
}
