// The exported types usage.ts does not name, each used as a user would: with usage.ts and
// liturgy.ts, every public name of api/*.api.md is used under `tsc --strict`
// (tests/js/registry.test.mjs checks that against the reports, on the package installed by name).
import {
  initSync,
  buildRequest,
  MagisteriumClient,
  type AgentCapabilities,
  type AgentSkill,
  type Artifact,
  type BuildOptions,
  type CallOptions,
  type DataPart,
  type DateInput,
  type FilePart,
  type InitInput,
  type InitOutput,
  type Message,
  type SearchResult,
  type SkillOutput,
  type SyncInitInput,
  type TaskInfo,
  type TaskState,
  type TaskStatus,
  type TextPart,
} from "../../pkg/index.js";

export function fromBytes(bytes: SyncInitInput): InitOutput {
  return initSync({ module: bytes });
}
export const wasmFrom: InitInput = new URL("https://cdn.example/magisterium_a2a_bg.wasm");

export async function walk(client: MagisteriumClient, signal: AbortSignal): Promise<string[]> {
  const opts: CallOptions = { signal, timeoutMs: 10_000, headers: { "x-app": "types" }, contextId: "ctx" };
  const card = await client.agentCard(opts);
  const caps: AgentCapabilities = card.capabilities;
  const skills: AgentSkill[] = card.skills;
  const when: DateInput = new Date(Date.UTC(2026, 11, 25));
  const readings = await client.liturgicalReadings(when, opts);
  const info: TaskInfo | undefined = readings?.task;
  const state: TaskState | undefined = info?.state;
  const { results } = await client.documentSearch("just wage", opts);
  const first: SearchResult | undefined = results[0];
  const task = await client.getTask(info?.id ?? "task-1", opts);
  const status: TaskStatus = task.status;
  const history: Message[] = task.history ?? [];
  const artifacts: Artifact[] = task.artifacts ?? [];
  const texts = artifacts.flatMap((a) => a.parts).filter((p): p is TextPart => p.kind === "text");
  const data = artifacts.flatMap((a) => a.parts).filter((p): p is DataPart => p.kind === "data");
  const files = artifacts.flatMap((a) => a.parts).filter((p): p is FilePart => p.kind === "file");
  return [String(caps.streaming), ...skills.map((s) => s.id), state ?? "none", first?.title ?? "", status.state,
    String(history.length), ...texts.map((t) => t.text), String(data.length), String(files.length)];
}

export function request(): string {
  const build: BuildOptions = { id: 7, messageId: "m-1", contextId: "ctx" };
  return JSON.stringify(buildRequest("catholic_qa", "What is grace?", build));
}

export function describe(output: SkillOutput): string {
  if (output === null) return "nothing";
  return "task" in output ? output.task.state : "?";
}
