// Fault matrix cases: malformed JSON, invalid UTF-8, HTML with a 200, JSON that is no envelope.
import { add, html, INVALID, NOT_JSON, NOT_RPC, okBody, P502, PASS, reply } from "../case-kit.mjs";
import { cors } from "../http.mjs";

// --- parse: malformed JSON (cut at 24 places, 32 kinds of junk), invalid UTF-8, HTML with 200 ---
{
  const valid = (id) => JSON.stringify(okBody(id));
  for (let k = 1; k <= 24; k++) {
    add("parse", `cut-${String(k).padStart(2, "0")}`, reply(200, (id) => { const v = valid(id); return v.slice(0, Math.floor((v.length - 1) * k / 25)); }), INVALID, NOT_JSON);
  }
  const junk = {
    "empty": () => "",
    "whitespace": () => " \r\n\t ",
    "trailing-garbage": (id) => valid(id) + "x",
    "trailing-brace": (id) => valid(id) + "}",
    "two-values": (id) => valid(id) + valid(id),
    "nan": (id) => valid(id).replace('"state":"completed"', '"state":"completed","n":NaN'),
    "infinity": (id) => valid(id).replace('"state":"completed"', '"state":"completed","n":Infinity'),
    "minus-infinity": (id) => valid(id).replace('"state":"completed"', '"state":"completed","n":-Infinity'),
    "undefined": (id) => valid(id).replace('"state":"completed"', '"state":"completed","n":undefined'),
    "single-quotes": (id) => valid(id).replaceAll('"', "'"),
    "unquoted-keys": (id) => valid(id).replace('"jsonrpc"', "jsonrpc"),
    "trailing-comma-object": (id) => valid(id).replace(/}$/, ",}"),
    "trailing-comma-array": (id) => valid(id).replace('"parts":[', '"parts":[,'),
    "line-comment": (id) => "// hi\n" + valid(id),
    "block-comment": (id) => valid(id).replace('{"jsonrpc"', '{/* c */"jsonrpc"'),
    "hex-number": (id) => valid(id).replace('"state":"completed"', '"state":"completed","n":0x10'),
    "leading-zero": (id) => valid(id).replace('"state":"completed"', '"state":"completed","n":012'),
    "plus-sign": (id) => valid(id).replace('"state":"completed"', '"state":"completed","n":+1'),
    "bare-dot": (id) => valid(id).replace('"state":"completed"', '"state":"completed","n":.5'),
    "raw-tab-in-string": (id) => valid(id).replace("Rerum Novarum", "Rerum\tNovarum"),
    "raw-newline-in-string": (id) => valid(id).replace("Rerum Novarum", "Rerum\nNovarum"),
    "bad-escape": (id) => valid(id).replace("Rerum Novarum", "Rerum \\x41"),
    "short-unicode-escape": (id) => valid(id).replace("Rerum Novarum", "Rerum \\u12"),
    "unterminated-string": () => '{"jsonrpc":"2.0","id":"x","result":"abc',
    "lone-brace": () => "{",
    "lone-bracket": () => "[",
    "tru": () => "tru",
    "missing-colon": () => '{"jsonrpc" "2.0"}',
    "missing-value": () => '{"jsonrpc":}',
    "double-comma": () => '{"a":[1,,2]}',
    "xml": () => '<?xml version="1.0"?><rpc/>',
    "jsonp": (id) => `callback(${valid(id)})`,
    "xssi-prefix": (id) => ")]}'\n" + valid(id),
  };
  for (const [name, make] of Object.entries(junk)) add("parse", name, reply(200, make), INVALID, NOT_JSON);
  const bytes = (parts) => (id) => Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p))));
  const inText = (seq) => (id) => {
    const [a, b] = JSON.stringify(okBody(id)).split("Rerum Novarum");
    return bytes([a, seq, b])(id);
  };
  add("parse", "utf8-ff-fe", reply(200, inText([0xff, 0xfe])), INVALID, NOT_JSON);
  add("parse", "utf8-overlong", reply(200, inText([0xc0, 0xaf])), INVALID, NOT_JSON);
  add("parse", "utf8-surrogate-bytes", reply(200, inText([0xed, 0xa0, 0x80])), INVALID, NOT_JSON);
  add("parse", "utf8-cut-sequence", reply(200, inText([0xe2, 0x82])), INVALID, NOT_JSON);
  add("parse", "utf8-in-key", reply(200, (id) => bytes(['{"jsonrpc":"2.0","id":', JSON.stringify(id), ',"', [0xff], '":1,', JSON.stringify(okBody(id)).slice(1 + JSON.stringify(okBody(id)).indexOf(',"result"'))])(id)), INVALID, NOT_JSON);
  // Differences of the two parsers, pinned: the browser's TextDecoder drops a BOM and JSON.parse
  // keeps a lone surrogate escape; serde_json (the proxy) refuses both.
  add("parse", "utf8-bom", reply(200, (id) => bytes([[0xef, 0xbb, 0xbf], JSON.stringify(okBody(id))])(id)), { ok: true }, NOT_JSON);
  add("parse", "lone-surrogate-escape", reply(200, (id) => JSON.stringify(okBody(id)).replace("Rerum Novarum", "Rerum \\ud800")), { ok: true }, NOT_JSON);
  add("parse", "html-200", reply(200, () => html, { "content-type": "text/html" }), INVALID, NOT_JSON);
  add("parse", "html-200-json-type", reply(200, () => html), INVALID, NOT_JSON);
  add("parse", "json-with-html-type", reply(200, (id) => okBody(id), { "content-type": "text/html" }), { ok: true }, PASS);
  add("parse", "json-null", reply(200, () => "null"), INVALID, NOT_RPC);
  add("parse", "json-string", reply(200, () => '"ok"'), INVALID, NOT_RPC);
  add("parse", "json-array", reply(200, (id) => [okBody(id)]), INVALID, NOT_RPC);
  add("parse", "no-content-204", (res) => { res.writeHead(204, cors); res.end(); }, INVALID, P502("Upstream answered HTTP 204 without JSON"));
}
