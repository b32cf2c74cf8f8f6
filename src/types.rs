//! The TypeScript declarations of the public surface (they land in `pkg/*.d.ts`) and the opaque
//! extern types that let Rust signatures name them.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
/** Options of {@link MagisteriumClient}. Every field is optional. */
export interface ClientOptions {
  /** JSON-RPC URL. Default "https://www.magisterium.com/api/v1/a2a". Point it at the Worker proxy
   *  (e.g. "/api/v1/a2a") to keep tokens off the page. */
  endpoint?: string;
  /** Default: origin of `endpoint` + "/.well-known/agent.json". A card URL ending in
   *  "/.well-known/agent.json" that answers 404 is tried again as "/.well-known/agent-card.json". */
  agentCardUrl?: string;
  /** Bearer token, or a provider called per request. Omitted: no Authorization header is sent.
   *  When a provider's token is refused (`unauthorized`) it is called once more and the call repeated once.
   *
   *  In a browser, prefer the Worker proxy: `new MagisteriumClient({ endpoint: "/api/v1/a2a" })` with
   *  no token; the visitor signs in at `/auth/login` and the Worker adds their token server-side (the
   *  page only holds an HttpOnly cookie). On a server (Node, a Worker of your own) pass your token:
   *  `new MagisteriumClient({ token: () => getAccessToken() })`. */
  token?: string | (() => string | Promise<string>);
  /** Default: the global fetch (pages, web workers, workerd, Node 20+). Called as a plain function
   *  with one argument, the built `Request` (its `signal` carries the time budget and your abort). */
  fetch?: typeof fetch;
  /** Time budget per attempt, in milliseconds (above 0, at most 2147483647, the longest a timer
   *  holds; anything else is invalid_input). Default 60000. */
  timeoutMs?: number;
  /** Further attempts after a retryable failure (0–10). Default 2. */
  maxRetries?: number;
  /** Sent with every request to the endpoint's origin (and to `trustedOrigins`), never elsewhere. */
  headers?: Record<string, string>;
  /** Largest answer read. Default 32 MiB; a larger one rejects with kind "invalid_response" without reading the rest
   *  (one that declares a `Content-Length` within it, and no encoding, is read whole and then held to it). */
  maxResponseBytes?: number;
  /** Client-side pacing under the service's limits (15 calls a minute, 2 of them catholic_qa). Default off. */
  pacing?: boolean | { perMinute?: number; qaPerMinute?: number };
  /** An answer cache in memory, for a server-side client with a token of its own (no proxy in
   *  front): the proxy's policy, keys and lifetimes (the readings and saints of a date 30 days,
   *  a document by id and the lookups a day, a search an hour, `catholicQa` never). Only an
   *  answer that carries what its skill promises is kept (no error, no "not found" text). A hit
   *  is a Task of the caller's own (its ids, its `contextId`, its message as `history`), with
   *  `task.cache: "hit"`, and costs no request and no pacing.
   *
   *  `true`: at most 256 answers and 8 MiB of their JSON text, the least recently used dropped
   *  first. `maxEntries`: 1–10000. `maxBytes`: counted as the length of each answer's JSON text.
   *  A date in words ("today", "next Sunday") is sent as it came and not kept: pass a `Date` or
   *  a `YYYY-MM-DD` to have it kept. Default off. See docs/client.md, "Caching answers". */
  cache?: boolean | { maxEntries?: number; maxBytes?: number };
  /** The A2A version on the wire. "0.2": Magisterium's 0.2.6 (`message/send`). "1.0": A2A 1.0
   *  (`SendMessage`, `A2A-Version: 1.0`) at `endpoint`. "auto" (default): 0.2.6 until the agent
   *  answers as one that moved to 1.0 would (method not found, version not supported, HTTP 404);
   *  then its 1.0 card (`/.well-known/agent-card.json`, or `agentCardUrl`) is read and, when it
   *  offers a 1.0 JSON-RPC interface, the call is made again there, as are later calls while the
   *  card is fresh (its `max-age`). No extra request while the agent speaks 0.2.6. Results, Tasks
   *  and errors have the same types whichever version is on the wire.
   *
   *  The token and `headers` go only to the endpoint's own origin or to `trustedOrigins`: a card
   *  naming a 1.0 interface anywhere else is not followed, and the call rejects as it would
   *  without one, its `data` being `{ ignoredInterface, reason: "other_origin" }`. */
  protocolVersion?: "0.2" | "1.0" | "auto";
  /** Origins besides the endpoint's (e.g. "https://a2a.example.com") that may receive the token
   *  and `headers`: where an agent card's A2A 1.0 interface (`protocolVersion: "auto"`) or
   *  `agentCardUrl` may be. Default none. */
  trustedOrigins?: string[];
}

/** Options of one call. */
export interface CallOptions {
  /** Aborting rejects with kind "aborted" and cancels the fetch. */
  signal?: AbortSignal;
  /** Overrides the client's time budget for this call (at most 2147483647 ms). */
  timeoutMs?: number;
  /** Sent as message.contextId. */
  contextId?: string;
  /** Default: a fresh random UUID. Retries resend the same one. */
  messageId?: string;
  /** Sent with this call only. */
  headers?: Record<string, string>;
}

/** Options of {@link buildRequest}. */
export interface BuildOptions {
  /** JSON-RPC id: a string or a safe integer (a fractional number is refused). Default: the message id. */
  id?: string | number;
  /** Default: a fresh random UUID. */
  messageId?: string;
  contextId?: string;
}

/** A date argument: a `Date` (its local calendar day), "YYYY-MM-DD", or text such as "next Sunday". */
export type DateInput = Date | string;

/** A task's state. `send`, `getTask` and `cancelTask` also resolve states this version does not
 *  know (a newer service's), so the type stays open. */
export type TaskState =
  | "submitted" | "working" | "input-required" | "completed" | "canceled" | "failed"
  | "rejected" | "auth-required" | "unknown" | (string & {});

/** Where an answer came from (`task.cache`): `"hit"` a fresh kept answer (the proxy's cache or
 *  the client's own `cache`); `"miss"` the service, the answer now kept where it may be;
 *  `"stale"` an expired answer the proxy served instead of a refusal or a failure; `"bypass"` not
 *  cacheable (a question, a date in words the reader does not read, the proxy's cache off). */
export type CacheMark = "hit" | "miss" | "stale" | "bypass";

/** The returned Task, in short, and the Task itself. */
export interface TaskInfo {
  id: string;
  /** `""` when the Task has no `contextId`. */
  contextId: string;
  state: TaskState;
  /** Where the answer came from, when a cache said so: the proxy's `x-magisterium-cache` header,
   *  else the Task's `metadata.cache`, else the client's own `cache` when it is on. Absent when
   *  none did (the service itself, with no cache on the way). */
  cache?: CacheMark;
  /** The Task as received: the very object `JSON.parse` made (not a copy), so members this
   *  version does not type stay readable. Only `id` and `status.state` were checked: where the
   *  service drifted, its members may differ from the {@link Task} type (the typed result's
   *  members never do). */
  raw: Task;
}

/** One source of a {@link QaAnswer}; footnote `[^n]` is citation n − 1. The object as received
 *  when its typed members have these types; otherwise a copy with each differing member coerced
 *  (a number where a string is typed becomes its decimal string, `"3"` for `document_index`
 *  becomes `3`) or left out. */
export interface Citation {
  cited_text?: string;
  cited_text_heading?: string | null;
  document_title?: string | null;
  document_index?: number;
  document_author?: string | null;
  document_year?: string | null;
  document_reference?: string | null;
  source_url?: string;
  [key: string]: unknown;
}

export interface QaAnswer { answer: string; citations: Citation[]; relatedQuestions: string[]; task: TaskInfo }
/** `url` and `title` are `""` when the hit has none; a hit without an id is left out. */
export interface SearchResult { id: string; url: string; title: string }
export interface SearchResults { results: SearchResult[]; task: TaskInfo }
/** `id`, `title`, `author` and `ref` are `""` when the metadata lacks them. */
export interface Document { id: string; title: string; author: string; ref: string; text: string; task: TaskInfo }
export interface TextResult { text: string; task: TaskInfo }
/** `artifacts`: each artifact as received when its members and parts have their types, else a
 *  copy holding its typed members and only the parts that fit a {@link Part} (a part of a kind this
 *  version does not know stays in `task.raw`). */
export interface SkillResult { text?: string; data: Record<string, unknown>[]; artifacts: Artifact[]; task: TaskInfo }

/** Any result of {@link decodeResponse}. */
export type SkillOutput = QaAnswer | SearchResults | Document | TextResult | SkillResult | null;

export interface TextPart { kind: "text"; text: string; metadata?: Record<string, unknown> }
export interface DataPart { kind: "data"; data: Record<string, unknown>; metadata?: Record<string, unknown> }
export interface FilePart {
  kind: "file";
  file: { bytes: string; uri?: never; name?: string; mimeType?: string } | { uri: string; bytes?: never; name?: string; mimeType?: string };
  metadata?: Record<string, unknown>;
}
export type Part = TextPart | DataPart | FilePart;

export interface Message {
  role: "user" | "agent";
  parts: Part[];
  messageId: string;
  kind: "message";
  taskId?: string;
  contextId?: string;
  referenceTaskIds?: string[];
  metadata?: Record<string, unknown>;
}
export interface TaskStatus { state: TaskState; message?: Message; timestamp?: string }
export interface Artifact { artifactId?: string; name?: string; description?: string; parts: Part[]; metadata?: Record<string, unknown> }
/** A Task as the agent sent it. `contextId` may be missing (the typed results never fail on it).
 *  `send`, `getTask` and `cancelTask` check only `id` and `status.state`: a newer service's
 *  members, states and part kinds come through as received. */
export interface Task {
  id: string;
  contextId?: string;
  status: TaskStatus;
  kind: "task";
  history?: Message[];
  artifacts?: Artifact[];
  metadata?: Record<string, unknown>;
}

export interface AgentSkill {
  id: string; name: string; description: string; tags: string[];
  examples?: string[]; inputModes?: string[]; outputModes?: string[];
}
export interface AgentCapabilities { streaming?: boolean; pushNotifications?: boolean; stateTransitionHistory?: boolean }
export interface AgentCard {
  protocolVersion: string; name: string; description: string; url: string; version: string;
  capabilities: AgentCapabilities; defaultInputModes: string[]; defaultOutputModes: string[];
  skills: AgentSkill[];
  provider?: { organization: string; url: string };
  documentationUrl?: string; preferredTransport?: string; iconUrl?: string;
  securitySchemes?: Record<string, Record<string, unknown>>;
  security?: Record<string, string[]>[];
  /** An A2A 1.0 card's ways to reach the agent (such a card has no `url` or `protocolVersion`). */
  supportedInterfaces?: { url: string; protocolBinding: string; protocolVersion: string; tenant?: string }[];
  [key: string]: unknown;
}

export interface JsonRpcRequest {
  jsonrpc: "2.0";
  id: string | number;
  method: "message/send" | "tasks/get" | "tasks/cancel";
  params: { message: Message } | { id: string };
}

export type ErrorKind =
  | "unauthorized" | "plan_required" | "rate_limited" | "task_not_found" | "invalid_params"
  | "method_not_found" | "rpc_error" | "task_failed" | "http_error" | "timeout" | "aborted"
  | "network" | "invalid_response" | "invalid_input";

/** Every rejection of the SDK: a real `Error` with the details below. */
export interface MagisteriumError extends Error {
  name: "MagisteriumError";
  kind: ErrorKind;
  /** JSON-RPC error code, when there was one. */
  code?: number;
  /** HTTP status, when there was a response. */
  status?: number;
  /** From Retry-After / retry-after-ms, when present. */
  retryAfterMs?: number;
  /** JSON-RPC error.data. */
  data?: unknown;
  taskId?: string;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// The TypeScript `ClientOptions`.
    #[wasm_bindgen(typescript_type = "ClientOptions")]
    pub type ClientOptionsJs;
    /// The TypeScript `CallOptions`.
    #[wasm_bindgen(typescript_type = "CallOptions")]
    pub type CallOptionsJs;
    /// The TypeScript `BuildOptions`.
    #[wasm_bindgen(typescript_type = "BuildOptions")]
    pub type BuildOptionsJs;
    /// The TypeScript `string | Part[]`.
    #[wasm_bindgen(typescript_type = "string | Part[]")]
    pub type InputJs;
    /// The TypeScript `SkillOutput`.
    #[wasm_bindgen(typescript_type = "SkillOutput")]
    pub type SkillOutputJs;
    /// The TypeScript `JsonRpcRequest`.
    #[wasm_bindgen(typescript_type = "JsonRpcRequest")]
    pub type JsonRpcRequestJs;
}
