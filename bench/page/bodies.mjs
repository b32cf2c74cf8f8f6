// Response bodies in the shape of the contract (tests/fixtures/responses/*.json), generated
// deterministically so every run and every method decodes the same bytes.
import { rng } from "./sampling.mjs";

const TASK_ID = "7f9d1c3e-5b2a-4c8e-9f1d-2a3b4c5d6e7f";
const CONTEXT_ID = "c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f";

const WORDS = ("work dignity labour wage just family property common good subsidiarity solidarity person "
  + "society state right duty nature grace charity truth freedom conscience Church doctrine encyclical "
  + "worker capital association justice peace creation human life faith reason “quoted” — naïve über Ñ").split(" ");

/** About `bytes` of Markdown prose with headings, paragraphs, quotes and a few non-ASCII letters. */
export function prose(bytes, seed = 1) {
  const r = rng(seed);
  const out = [];
  let size = 0;
  let n = 0;
  while (size < bytes) {
    let para;
    if (n % 12 === 0) para = `## ${n / 12 + 1}. ${WORDS[Math.floor(r() * WORDS.length)]} and ${WORDS[Math.floor(r() * WORDS.length)]}`;
    else {
      const words = [];
      const len = 40 + Math.floor(r() * 80);
      for (let i = 0; i < len; i++) words.push(WORDS[Math.floor(r() * WORDS.length)]);
      para = `${n}. ${words.join(" ")}.`;
    }
    out.push(para);
    size += para.length + 2;
    n++;
  }
  return out.join("\n\n").slice(0, bytes);
}

function task(artifacts) {
  return {
    id: TASK_ID,
    contextId: CONTEXT_ID,
    kind: "task",
    status: { state: "completed", timestamp: "2026-11-30T12:00:00.000Z" },
    artifacts,
  };
}

function envelope(id, result) {
  return JSON.stringify({ jsonrpc: "2.0", id, result });
}

/** document_search: `n` hits (~2 KB for n = 16). Half of the ids are numbers, as in the contract. */
export function searchBody(id, n = 16) {
  const results = [];
  for (let i = 0; i < n; i++) {
    const docId = 10000 + i * 37;
    results.push({ id: i % 2 ? docId : String(docId), url: `https://www.magisterium.com/docs/${docId}`, title: `Document ${docId}: on ${WORDS[i % WORDS.length]}` });
  }
  return envelope(id, task([{ artifactId: "art_00000000000000000000000000000001", name: "search_results", parts: [{ kind: "data", data: { results } }] }]));
}

/** catholic_qa: an answer with `[^n]` footnotes, `n` citations (~1 KB each), related questions. */
export function qaBody(id, n = 40) {
  const citations = [];
  const answer = [];
  for (let i = 0; i < n; i++) {
    citations.push({
      cited_text: prose(830, 100 + i),
      cited_text_heading: i % 5 ? `Chapter ${1 + (i % 7)}` : null,
      document_title: `Document ${i % 9}`,
      document_index: i,
      document_author: i % 3 ? "Pope Leo XIII" : null,
      document_year: "1891",
      document_reference: `RN ${i + 1}`,
      source_url: `https://www.magisterium.com/docs/00000000-0000-4000-8000-${String(i).padStart(12, "0")}/ref/RN-${i + 1}`,
    });
    answer.push(`${prose(110, 500 + i).replace(/\n+/g, " ")}[^${i + 1}]`);
  }
  const related = ["What is a just wage?", "What is subsidiarity?", "What is the common good?"];
  return envelope(id, task([{
    artifactId: "art_00000000000000000000000000000001",
    name: "catholic_qa_response",
    parts: [
      { kind: "text", text: answer.join(" ") },
      { kind: "data", data: { citations } },
      { kind: "data", data: { related_questions: related } },
    ],
  }]));
}

/** document_fetch: a Markdown document of about `bytes` and its metadata. */
export function documentBody(id, bytes) {
  return envelope(id, task([{
    artifactId: "art_00000000000000000000000000000001",
    name: "document",
    parts: [
      { kind: "text", text: `# Rerum Novarum\n\n${prose(Math.round(bytes * 0.967), 7)}` },
      { kind: "data", data: { id: "12345", title: "Rerum Novarum", author: "Pope Leo XIII", ref: "Encyclical, 15 May 1891" } },
    ],
  }]));
}

/** The cases of the decode benchmark: skill, method, builder. */
export const CASES = [
  { name: "search 2 KB", skill: "document_search", method: "documentSearch", arg: "just wage", make: (id) => searchBody(id) },
  { name: "qa 50 KB (40 citations)", skill: "catholic_qa", method: "catholicQa", arg: "What is a just wage?", make: (id) => qaBody(id) },
  { name: "document 1 MB", skill: "document_fetch", method: "documentFetch", arg: "12345", make: (id) => documentBody(id, 1 << 20) },
  { name: "document 5 MB", skill: "document_fetch", method: "documentFetch", arg: "12345", make: (id) => documentBody(id, 5 << 20) },
];

// The floor: what a user writes with plain fetch + JSON.parse to get the same typed result.
// `raw`: the Task as received, as the typed results keep it (a reference, nothing copied).
const taskInfo = (t) => ({ id: t.id, contextId: t.contextId ?? "", state: t.status.state, raw: t });
function artifactOf(result, name) {
  const arts = result.artifacts ?? [];
  return arts.find((a) => a.name === name) ?? arts[0];
}

/** Picks the fields of the typed result out of a parsed response `doc` (plain JS, no checks). */
export function pick(skill, doc) {
  const result = doc.result;
  switch (skill) {
    case "document_search": {
      const data = artifactOf(result, "search_results").parts.find((p) => p.kind === "data" && p.data.results).data;
      return { results: data.results.map((h) => ({ id: String(h.id), url: h.url, title: h.title })), task: taskInfo(result) };
    }
    case "catholic_qa": {
      const parts = artifactOf(result, "catholic_qa_response").parts;
      let citations = [];
      let relatedQuestions = [];
      for (const p of parts) {
        if (p.kind !== "data") continue;
        if (p.data.citations) citations = p.data.citations;
        if (p.data.related_questions) relatedQuestions = p.data.related_questions;
      }
      return { answer: parts.find((p) => p.kind === "text").text, citations, relatedQuestions, task: taskInfo(result) };
    }
    case "document_fetch": {
      const parts = artifactOf(result, "document").parts;
      const meta = parts.find((p) => p.kind === "data").data;
      return { id: String(meta.id), title: meta.title, author: meta.author, ref: meta.ref, text: parts.find((p) => p.kind === "text").text, task: taskInfo(result) };
    }
    default:
      throw new Error(`no picker for ${skill}`);
  }
}
