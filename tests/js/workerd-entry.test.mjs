// The npm package bundled by wrangler into a Worker through its `workerd` export condition (the
// .wasm imported statically), run in workerd, calling the embedded agent's Worker.
import "./record.mjs";
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { AGENT_URL, consumerDir, port, startWrangler, writeFile } from "./helpers.mjs";

const PORT = port(18788);
const dir = consumerDir("workerd-consumer");
writeFile(dir, "worker.js", `import { MagisteriumClient } from "magisterium-a2a";
export default {
  async fetch(request, env) {
    const client = new MagisteriumClient({ endpoint: env.AGENT_URL + "/api/v1/a2a" });
    try {
      const found = await client.documentSearch("creation");
      return Response.json({ ok: true, count: found.results.length, first: found.results[0] });
    } catch (e) {
      return Response.json({ ok: false, kind: e.kind, message: e.message }, { status: 500 });
    }
  },
};
`);
writeFile(dir, "wrangler.toml", `name = "workerd-smoke"\nmain = "worker.js"\ncompatibility_date = "2026-11-01"\nsend_metrics = false\n[vars]\nAGENT_URL = "${AGENT_URL}"\n`);

const server = await startWrangler(dir, PORT);
after(() => server.stop());

test("the workerd entry initialises synchronously and calls a skill", async () => {
  const res = await fetch(`http://127.0.0.1:${PORT}/`);
  const body = await res.json();
  assert.equal(body.ok, true, JSON.stringify(body));
  assert.ok(body.count > 0);
  assert.equal(typeof body.first.title, "string");
});
