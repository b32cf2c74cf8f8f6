// The npm package loaded by Node through its `node` export condition, calling the embedded agent.
import "./record.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { AGENT_URL, consumerDir, writeFile } from "./helpers.mjs";

const dir = consumerDir("node-consumer");
const entry = writeFile(dir, "use.mjs", 'export * from "magisterium-a2a";\nexport { default } from "magisterium-a2a";\n');
const sdk = await import(pathToFileURL(entry).href);

test("the node entry needs no init() and calls two skills", async () => {
  await sdk.default(); // a harmless no-op in Node
  const client = new sdk.MagisteriumClient({ endpoint: `${AGENT_URL}/api/v1/a2a` });
  const found = await client.documentSearch("dignity of work");
  assert.ok(found.results.length > 0);
  assert.equal(typeof found.results[0].id, "string");
  const doc = await client.documentFetch(found.results[0].id);
  assert.equal(doc.id, found.results[0].id);
  assert.ok(doc.text.length > 100);
  const pope = await client.popeLookup("Leo XIV");
  assert.equal(pope.data[0].ordinal, 267);
});

test("errors are MagisteriumError objects with a kind", async () => {
  const client = new sdk.MagisteriumClient({ endpoint: `${AGENT_URL}/api/v1/a2a` });
  await assert.rejects(client.catholicQa("  "), (e) => {
    assert.ok(e instanceof Error);
    assert.ok(e instanceof sdk.MagisteriumError);
    assert.ok(sdk.isMagisteriumError(e));
    assert.equal(e.kind, "invalid_input");
    return true;
  });
  await assert.rejects(client.getTask("no-such-task"), (e) => e.kind === "task_not_found" && e.code === -32001);
});

test("the package ships the licence it declares (MIT OR Apache-2.0)", () => {
  const pkgDir = new URL("../../pkg/", import.meta.url);
  const [packed] = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: pkgDir, encoding: "utf8" }));
  const files = packed.files.map((f) => f.path);
  for (const licence of ["LICENSE-MIT", "LICENSE-APACHE"]) assert.ok(files.includes(licence), `${licence} is in the tarball`);
  const meta = JSON.parse(readFileSync(new URL("package.json", pkgDir), "utf8"));
  assert.equal(meta.license, "MIT OR Apache-2.0");
});
