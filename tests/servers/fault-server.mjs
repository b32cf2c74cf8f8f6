// A fault-injecting A2A upstream for tests, on 127.0.0.1 only. No dependencies.
//
//   node tests/servers/fault-server.mjs [port]     (port 0: pick one; prints "listening <port>")
//
// Routes (POST unless noted; every answer carries permissive CORS so browser tests can call it):
//   /ok/<fixture>                 200 + tests/fixtures/responses/<fixture>.json, id replaced by the request's
//   /status/<code>/<fixture>      that status + fixture (id echoed)
//   /html/<code>                  an HTML error page with that status
//   /slow/<ms>/<fixture>          first byte after <ms>
//   /trickle/<ms>                 a valid body, one byte every <ms>
//   /truncated                    Content-Length 1000, closes after 500 bytes
//   /reset                        sends part of a body, then resets the connection
//   /big/<bytes>                  a 200 JSON body of about <bytes> bytes, streamed
//   /invalid-utf8                 200 with bytes ff fe inside a string
//   /flaky/<key>/<n>/<code>       <code> (with fixture error) n times per key, then /ok/search_empty
//   /ratelimit/<key>/<n>/<secs>   429 + Retry-After: <secs> n times per key, then /ok/search_empty
//   /auth/<token>/<fixture>       401 (-32004) unless "Authorization: Bearer <token>"
//   /echo                         a completed search_results task whose one result echoes the request
//   GET /card/<mode>/.well-known/agent.json | agent-card.json   mode: ok | v03 (only agent-card.json) | none
//   /drift/<case>                 tests/fixtures/drift/<skill>/<case>.json's response for the request's skill
//                                 (base.json where that skill has no such case), its "req-1" id the request's
//   /by-query                     the scenario named by the request itself, for a proxy in front of
//                                 this server: the first text part, data.id or params.id reads
//                                 "scenario:<name>[:<arg>]" (ok, document, fixture:<name>, notfound, html502, slow, reset,
//                                 big, ratelimit, error, failed, redirect, leak, unauthorized, plan,
//                                 tasknotfound, finished: Magisterium's -32004 (HTTP 401), -32005,
//                                 -32001 and cancel's -32602 "Invalid state transition"); anything else → ok
//   /service                      the service with its real limits (15 calls a minute per token, 2 of
//                                 them catholic_qa): every skill answers about what was asked
//                                 (fault/service.mjs), counted as service/<skillId>/<input>
//   /service/slow/<ms>            the same, each answer after <ms>; an input "fail-once:…" fails its first call (500)
//   GET /__count/<key>            {"count": n} requests seen under <key> (flaky/ratelimit/auth/echo/by-query/<q>)
//   GET /.well-known/agent.json   a card (for a proxy whose upstream is /by-query)
//   /v1only                       an agent that moved to A2A 1.0: GET /v1only/.well-known/agent-card.json
//                                 is its 1.0 card (JSON-RPC 1.0 interface: /v1only); with "A2A-Version: 1.0" the 1.0
//                                 answer tests/fixtures/v1/search_results_answer.json (id echoed),
//                                 else -32601 Method not found (counted as v1only/v1, v1only/legacy)
//   GET /__last                   the headers and body of the last /by-query request
//   POST /fault/<case>[/<nonce>]  (both URI-encoded) one case of the fault matrix (also /by-query with the text
//                                 "scenario:fault:<case>[:<nonce>]"); GET /__faults lists the cases with
//                                 the outcome expected from the SDK and from the proxy
//   GET /__written/<nonce>        bytes a streamed fault case wrote before the client went away
//   GET /__times/<nonce>          arrival times (ms) of the requests of a fault case
//   GET /__message-ids/<nonce>    the params.message.messageId of each of those requests
//
// The routes are in fault/routes.mjs; the fault matrix in fault/matrix.mjs, its cases in fault/cases/.
import http from "node:http";
import { cors, send } from "./fault/http.mjs";
import { route } from "./fault/routes.mjs";

const server = http.createServer((req, res) => {
  let raw = "";
  req.setEncoding("utf8");
  req.on("data", (c) => (raw += c));
  req.on("end", () => {
    if (req.method === "OPTIONS") {
      res.writeHead(204, cors);
      return res.end();
    }
    let id = null;
    try {
      id = JSON.parse(raw).id ?? null;
    } catch {}
    try {
      route(req, res, raw, id);
    } catch (e) {
      if (!res.headersSent) send(res, 500, JSON.stringify({ error: String(e.message) }));
      else res.destroy();
    }
  });
});

server.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => {
  console.log(`listening ${server.address().port}`);
});
