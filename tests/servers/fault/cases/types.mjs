// Fault matrix cases: every documented field with every wrong JSON type.
import { add, INVALID, NOT_RPC, okBody, PASS, reply, rpcError } from "../case-kit.mjs";

// --- types: every documented field with every wrong JSON type ---
{
  const SAMPLES = { null: null, boolean: true, number: 7, string: "x", array: [], object: {} };
  const R = ["result"];
  const A = [...R, "artifacts", 0];
  const P = (i) => [...A, "parts", i];
  const D = (i) => [...P(i), "data"];
  const C = [...D(1), "citations", 0];
  const H = [...D(0), "results", 0];
  // [base, path, accepted types, types tolerated although wrong]: the tolerant reader (issue 26,
  // docs/client.md "A tolerant reader") fails only on the envelope, a result that is not a Task,
  // and the promised member (the search results list, the Q&A or document text) missing.
  const ALL = ["null", "boolean", "number", "string", "array", "object"];
  const fields = [
    ["search", ["jsonrpc"], ["string"]],
    ["search", ["id"], ["string"]],
    ["search", R, ["object"]],
    ["search", [...R, "kind"], ["string"]],
    ["search", [...R, "id"], ["string"], ["number"]],
    ["search", [...R, "contextId"], ["string"], ALL],
    ["search", [...R, "status"], ["object"]],
    ["search", [...R, "status", "state"], ["string"]],
    ["search", [...R, "status", "timestamp"], ["string"], ["null", "boolean", "number", "array", "object"]],
    ["search", [...R, "artifacts"], ["array"]],
    ["search", A, ["object"]],
    ["search", [...A, "artifactId"], ["string"], ["null", "boolean", "number", "array", "object"]],
    ["search", [...A, "name"], ["string"], ["null", "boolean", "number", "array", "object"]],
    ["search", [...A, "parts"], ["array"]],
    ["search", P(0), ["object"]],
    ["search", [...P(0), "kind"], ["string"], ALL],
    ["search", D(0), ["object"]],
    ["search", [...D(0), "results"], ["array"]],
    ["search", H, ["object"], ALL],
    ["search", [...H, "id"], ["string", "number"], ALL],
    ["search", [...H, "url"], ["string"], ALL],
    ["search", [...H, "title"], ["string"], ALL],
    ["qa", [...P(0), "text"], ["string"], ["number"]],
    ["qa", D(1), ["object"], ALL],
    ["qa", [...D(1), "citations"], ["array", "null"], ALL],
    ["qa", C, ["object"], ALL],
    ["qa", [...C, "cited_text"], ["string"], ALL],
    ["qa", [...C, "cited_text_heading"], ["string", "null"], ALL],
    ["qa", [...C, "document_title"], ["string", "null"], ALL],
    ["qa", [...C, "document_index"], ["number"], ALL],
    ["qa", [...C, "document_author"], ["string", "null"], ALL],
    ["qa", [...C, "document_year"], ["string", "null"], ALL],
    ["qa", [...C, "document_reference"], ["string", "null"], ALL],
    ["qa", [...C, "source_url"], ["string"], ALL],
    ["qa", [...D(1), "related_questions"], ["array", "null"], ALL],
    ["qa", [...D(1), "related_questions", 0], ["string"], ALL],
    ["fetch", [...P(0), "text"], ["string"], ["number"]],
    ["fetch", D(1), ["object"], ALL],
    ["fetch", [...D(1), "id"], ["string", "number"], ALL],
    ["fetch", [...D(1), "title"], ["string"], ALL],
    ["fetch", [...D(1), "author"], ["string"], ALL],
    ["fetch", [...D(1), "ref"], ["string"], ALL],
    ["error", ["error"], ["object"]],
    ["error", ["error", "code"], ["number"]],
    ["error", ["error", "message"], ["string", "null"]],
    ["error", ["error", "data"], [], ["null", "boolean", "number", "string", "array", "object"]],
  ];
  const setAt = (obj, path, value) => {
    let o = obj;
    for (const k of path.slice(0, -1)) o = o[k];
    o[path.at(-1)] = value;
    return obj;
  };
  for (const [base, path, accepted, tolerated = []] of fields) {
    for (const [type, sample] of Object.entries(SAMPLES)) {
      if (accepted.includes(type)) continue;
      const call = base === "error" ? "search" : base;
      const make = (id) => setAt(base === "error" ? rpcError(id, -32603, "Internal error", { detail: 1 }) : okBody(id, call), path, structuredClone(sample));
      const fine = tolerated.includes(type);
      const sdk = fine ? (base === "error" ? { kind: "rpc_error", code: -32603 } : { ok: true }) : INVALID;
      const proxy = path.length === 1 && path[0] === "jsonrpc" ? NOT_RPC : PASS;
      add("types", `${base}/${path.join(".")}=${type}`, reply(200, make), sdk, proxy, call);
    }
  }
}
