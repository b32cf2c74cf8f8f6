// The browser entry of `magisterium-a2a/liturgy` (index.js, run here in Node with the .wasm given to
// initSync): no readings until `await loadLectionary()`, which imports lectionary.js once; and none
// of the references are in the .wasm, so a page that never asks for readings never downloads them.
// This file imports index.js only: node.js would load the references into the same wasm on import.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { initSync, liturgicalDay, loadLectionary } from "../../pkg/liturgy/index.js";

const wasm = readFileSync(new URL("../../pkg/liturgy/liturgy_bg.wasm", import.meta.url));
initSync({ module: wasm });

test("no readings before loadLectionary(), and none of them in the .wasm", async () => {
  assert.deepEqual(liturgicalDay("2026-06-09").readings, []);
  assert.deepEqual(liturgicalDay("2025-11-30").readings, []);
  for (const reference of ["Is 2:1-5", "Mt 24:37-44", "1 Kgs 17:7-16", "Ps 122:1-2", "Isa.2.1"]) {
    assert.equal(wasm.includes(Buffer.from(reference)), false, `${reference} is in the .wasm`);
  }
  const first = loadLectionary();
  assert.equal(loadLectionary(), first, "one load");
  await first;
  assert.equal(liturgicalDay("2025-11-30").readings[0].gospel, "Mt 24:37-44");
  assert.equal(liturgicalDay("2026-06-09").readings[0].number, 360);
});
