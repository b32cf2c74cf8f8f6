// Exercises the public API the way a user writes it; `tsc --strict` must accept it, and the
// `@ts-expect-error` lines prove the types are not `any`.
import init, {
  MagisteriumClient,
  MagisteriumError,
  isMagisteriumError,
  buildRequest,
  decodeResponse,
  type QaAnswer,
  type SearchResults,
  type Document,
  type TextResult,
  type SkillResult,
  type Task,
  type AgentCard,
  type Citation,
  type ErrorKind,
  type JsonRpcRequest,
  type Part,
  type ClientOptions,
  type CacheMark,
} from "../../pkg/index.js";
import initDifferences, { responseDifferences, type Difference } from "../../pkg/differences/index.js";

export async function demo(): Promise<void> {
  await init();
  await initDifferences();
  const options: ClientOptions = {
    endpoint: "/api/v1/a2a",
    token: async () => "token",
    timeoutMs: 30_000,
    maxRetries: 1,
    headers: { "x-app": "demo" },
    pacing: { perMinute: 15, qaPerMinute: 2 },
    cache: { maxEntries: 500, maxBytes: 16 * 1024 * 1024 },
    protocolVersion: "auto",
    trustedOrigins: ["https://a2a.example.com"],
    fetch: (input, init) => fetch(input, init),
  };
  const client = new MagisteriumClient(options);
  const controller = new AbortController();

  const qa: QaAnswer = await client.catholicQa("What is grace?", { signal: controller.signal, contextId: "c" });
  const first: Citation | undefined = qa.citations[0];
  const title: string | null | undefined = first?.document_title;
  const related: string[] = qa.relatedQuestions;
  const state: "completed" | string = qa.task.state;
  // The Task as received (issue 26): its contextId may be missing.
  const received: string | undefined = qa.task.raw.contextId;
  // @ts-expect-error contextId is optional on the raw Task
  const strict: string = qa.task.raw.contextId;
  // Where the answer came from, when a cache said so: one of four marks, or absent.
  const mark: CacheMark | undefined = qa.task.cache;
  // @ts-expect-error task.cache is a union of the marks, not any string
  const anyMark: "fresh" | undefined = qa.task.cache;
  const onlyOn: ClientOptions = { cache: true };
  // @ts-expect-error maxEntries is a number
  const badCache: ClientOptions = { cache: { maxEntries: "10" } };

  const found: SearchResults = await client.documentSearch("just wage");
  const id: string | undefined = found.results[0]?.id;
  const doc: Document | null = await client.documentFetch(id ?? "x");
  if (doc !== null) {
    const text: string = doc.text;
    const ref: string = doc.ref;
    void text, ref;
  }
  const readings: TextResult | null = await client.liturgicalReadings(new Date());
  const saints: TextResult | null = await client.saintsOfTheDay("2026-03-19");
  const pope: SkillResult = await client.popeLookup("Leo XIV");
  const rows: Record<string, unknown>[] = pope.data;
  const lookups: SkillResult[] = await Promise.all([
    client.saintLookup("Joseph"),
    client.personLookup("Bernardin"),
    client.dioceseLookup("Chicago"),
    client.dioceseStatisticsLookup("Chicago"),
  ]);
  const parts: Part[] = [{ kind: "data", data: { id: "chicago" } }];
  const task: Task = await client.send("diocese_lookup", parts);
  const again: Task = await client.getTask(task.id);
  const card: AgentCard = await client.agentCard();
  const names: string[] = card.skills.map((s) => s.name);
  const req: JsonRpcRequest = buildRequest("catholic_qa", "Why pray?", { id: 1 });
  const decoded = decodeResponse("document_search", "{}");
  const differences: Difference[] = responseDifferences("document_search", "{}");
  const coerced: string[] = differences.filter((d) => d.kind === "coerced").map((d) => `${d.path}: ${d.detail}`);
  // @ts-expect-error a difference's kind is one of three
  const other: Difference["kind"] = "renamed";
  void coerced, other;

  try {
    await client.cancelTask(again.id);
  } catch (e: unknown) {
    if (isMagisteriumError(e)) {
      const kind: ErrorKind = e.kind;
      const wait: number | undefined = e.retryAfterMs;
      const code: number | undefined = e.code;
      void kind, wait, code;
    }
    if (e instanceof MagisteriumError) {
      const status: number | undefined = e.status;
      void status;
    }
  }

  // @ts-expect-error: the question is a string
  await client.catholicQa(42);
  // @ts-expect-error: unknown option
  new MagisteriumClient({ endpont: "/x" });
  // @ts-expect-error: 0.3 is not a protocolVersion the client speaks
  new MagisteriumClient({ protocolVersion: "0.3" });
  // @ts-expect-error: a QaAnswer has no `text`
  qa.text;
  // @ts-expect-error: the result may be null
  doc.text;

  void title, related, state, mark, anyMark, onlyOn, badCache, readings, saints, rows, lookups, names, req, decoded, card;
}
