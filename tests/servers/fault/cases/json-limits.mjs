// Fault matrix cases: where JSON parsers differ: deep nesting, huge numbers, duplicate keys.
import { add, INVALID, NOT_JSON, NOT_RPC, okBody, PASS, reply, taskOf } from "../case-kit.mjs";

// --- nesting: 1,000 and 100,000 levels (serde_json stops at 128: the proxy refuses them) ---
{
  const nest = (n, open = "[", close = "]") => open.repeat(n) + close.repeat(n);
  const nestObj = (n) => '{"a":'.repeat(n) + "1" + "}".repeat(n);
  const withRaw = (id, key, raw) => JSON.stringify(okBody(id)).replace('"status":', `"${key}":${raw},"status":`);
  add("nesting", "result-1000-arrays", reply(200, (id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${nest(1000)}}`), INVALID, NOT_JSON);
  add("nesting", "extra-field-1000-arrays", reply(200, (id) => withRaw(id, "deep", nest(1000))), { ok: true }, NOT_JSON);
  add("nesting", "extra-field-1000-objects", reply(200, (id) => withRaw(id, "deep", nestObj(1000))), { ok: true }, NOT_JSON);
  add("nesting", "error-data-1000-objects", reply(200, (id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":{"code":-32603,"message":"x","data":${nestObj(1000)}}}`),
    { kind: "rpc_error", data: "present" }, NOT_JSON);
  add("nesting", "result-100000-arrays", reply(200, (id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${nest(100_000)}}`), INVALID, NOT_JSON);
  add("nesting", "extra-field-100000-objects", reply(200, (id) => withRaw(id, "deep", nestObj(100_000))), { ok: true, maxMs: 5000 }, NOT_JSON);
  add("nesting", "unclosed-100000", reply(200, () => nest(100_000).slice(0, 100_000)), INVALID, NOT_JSON);
  add("nesting", "within-serde-limit-100", reply(200, (id) => withRaw(id, "deep", nest(100))), { ok: true }, PASS);
}

// --- numbers: 1e400, 12345678901234567890, 2^53 + 1, -0, 1e-400 ---
{
  const qaWith = (index) => (id) => JSON.stringify(okBody(id, "qa")).replace('"document_index":0', `"document_index":${index}`);
  const searchId = (n) => (id) => JSON.stringify(okBody(id)).replace('"id":"12345"', `"id":${n}`);
  const extra = (n) => (id) => JSON.stringify(okBody(id)).replace('"status":', `"n":${n},"status":`);
  // The tolerant reader (issue 26) leaves a document_index that is no index out of the citation.
  add("numbers", "1e400-document-index", reply(200, qaWith("1e400")), { ok: true, len: ["citations", 1] }, NOT_JSON, "qa");
  add("numbers", "-1e400-extra-field", reply(200, extra("-1e400")), { ok: true }, NOT_JSON);
  add("numbers", "1e400-error-code", reply(200, (id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":{"code":1e400,"message":"x"}}`), INVALID, NOT_JSON);
  add("numbers", "big-integer-document-index", reply(200, qaWith("12345678901234567890")), { ok: true, len: ["citations", 1] }, PASS, "qa");
  // An id beyond 2^53 has no exact reading: the hit is left out (it would fetch another document).
  add("numbers", "big-integer-search-id", reply(200, searchId("12345678901234567890")), { ok: true, len: ["results", 0] }, PASS);
  add("numbers", "2^53+1-search-id", reply(200, searchId("9007199254740993")), { ok: true, len: ["results", 0] }, PASS);
  add("numbers", "2^53-1-search-id", reply(200, searchId("9007199254740991")), { ok: true, len: ["results", 1] }, PASS);
  add("numbers", "big-integer-rpc-id", reply(200, (id) => JSON.stringify(okBody(id)).replace(`"id":${JSON.stringify(id)}`, '"id":12345678901234567890')), INVALID, PASS);
  add("numbers", "big-integer-error-code", reply(200, (id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":{"code":12345678901234567890,"message":"x"}}`), INVALID, PASS);
  add("numbers", "1e-400-extra-field", reply(200, extra("1e-400")), { ok: true }, PASS);
  add("numbers", "minus-zero-document-index", reply(200, qaWith("-0")), { ok: true, len: ["citations", 1] }, PASS, "qa");
  add("numbers", "fraction-document-index", reply(200, qaWith("1.5")), { ok: true, len: ["citations", 1] }, PASS, "qa");
  add("numbers", "negative-document-index", reply(200, qaWith("-1")), { ok: true, len: ["citations", 1] }, PASS, "qa");
  add("numbers", "exponent-document-index", reply(200, qaWith("1E2")), { ok: true, len: ["citations", 1] }, PASS, "qa");
  add("numbers", "long-mantissa-extra-field", reply(200, extra("0." + "1".repeat(5000))), { ok: true }, PASS);
}

// --- dupkeys: both parsers keep the last of duplicate keys, so the proxy and the SDK agree ---
{
  const ok = JSON.stringify(taskOf());
  add("dupkeys", "result-bad-then-good", reply(200, (id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":"garbage","result":${ok}}`), { ok: true, len: ["results", 1] }, PASS);
  add("dupkeys", "result-good-then-bad", reply(200, (id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${ok},"result":"garbage"}`), INVALID, PASS);
  add("dupkeys", "id-right-then-wrong", reply(200, (id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"id":"other","result":${ok}}`), INVALID, PASS);
  add("dupkeys", "id-wrong-then-right", reply(200, (id) => `{"jsonrpc":"2.0","id":"other","id":${JSON.stringify(id)},"result":${ok}}`), { ok: true }, PASS);
  add("dupkeys", "jsonrpc-1.0-then-2.0", reply(200, (id) => `{"jsonrpc":"1.0","jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${ok}}`), { ok: true }, PASS);
  add("dupkeys", "jsonrpc-2.0-then-1.0", reply(200, (id) => `{"jsonrpc":"2.0","jsonrpc":"1.0","id":${JSON.stringify(id)},"result":${ok}}`), INVALID, NOT_RPC);
  add("dupkeys", "state-failed-then-completed", reply(200, (id) => JSON.stringify(okBody(id)).replace('"state":"completed"', '"state":"failed","state":"completed"')), { ok: true }, PASS);
  add("dupkeys", "state-completed-then-failed", reply(200, (id) => JSON.stringify(okBody(id)).replace('"state":"completed"', '"state":"completed","state":"failed"')), { kind: "task_failed" }, PASS);
  add("dupkeys", "error-code-twice", reply(200, (id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":{"code":-32603,"code":-32001,"message":"x"}}`), { kind: "task_not_found", code: -32001 }, PASS);
  add("dupkeys", "results-twice", reply(200, (id) => JSON.stringify(okBody(id)).replace('"results":[', '"results":[],"results":[')), { ok: true, len: ["results", 1] }, PASS);
}
