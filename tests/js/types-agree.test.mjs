// The packed .d.ts and what the Rust code really does, made to disagree loudly:
// - results: every response fixture (tests/fixtures/responses, tests/fixtures/drift) decoded for
//   every skill by the built package; each value that comes out is written as a TypeScript literal
//   that must satisfy its method's result type (tsc's excess-member checks catch a member Rust adds
//   that the .d.ts lacks; missing or mistyped members fail too), and each error's own members must
//   satisfy MagisteriumError's;
//   an object the SDK hands over as received (inside `task.raw`) keeps only the members its type
//   names, since extra members are tolerated by design, and `task.raw` itself is a declared `Task`;
// - options: the member names the Rust code reads from an options object (seen through a Proxy)
//   are exactly the members the .d.ts declares for ClientOptions, CallOptions and BuildOptions.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { root } from "./helpers.mjs";
import { MagisteriumClient, buildRequest, decodeResponse } from "../../pkg/node.js";

/** Each skill's result type in the .d.ts (null where the method resolves to null for "not found"). */
const RESULT_TYPE = {
  catholic_qa: "QaAnswer",
  document_search: "SearchResults",
  document_fetch: "Document | null",
  liturgical_readings: "TextResult | null",
  saints_of_the_day: "TextResult | null",
  saint_lookup: "SkillResult",
  person_lookup: "SkillResult",
  pope_lookup: "SkillResult",
  diocese_lookup: "SkillResult",
  diocese_statistics_lookup: "SkillResult",
};
const ERROR_MEMBERS = ["name", "kind", "code", "status", "retryAfterMs", "data", "taskId", "cause"];
const out = path.join(root, "test-output", "types-agree");

/** Every JSON response body of the fixtures, with its name; a drift fixture's skill from its folder. */
function responses() {
  const found = [];
  const dir = path.join(root, "tests", "fixtures", "responses");
  for (const f of readdirSync(dir).filter((x) => x.endsWith(".json"))) {
    found.push({ name: `responses/${f}`, body: readFileSync(path.join(dir, f), "utf8"), skills: Object.keys(RESULT_TYPE) });
  }
  const drift = path.join(root, "tests", "fixtures", "drift");
  if (existsSync(drift)) {
    for (const skill of readdirSync(drift)) {
      for (const f of readdirSync(path.join(drift, skill)).filter((x) => x.endsWith(".json"))) {
        const { response } = JSON.parse(readFileSync(path.join(drift, skill, f), "utf8"));
        found.push({ name: `drift/${skill}/${f}`, body: JSON.stringify(response), skills: [skill] });
      }
    }
  }
  return found;
}

/** tsc over `file` with the users' strictest settings; returns its diagnostics as text. */
function typecheck(file) {
  const program = ts.createProgram([file], {
    strict: true, exactOptionalPropertyTypes: true, noEmit: true, skipLibCheck: false,
    target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.esnext.disposable.d.ts"],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => {
      const line = d.file ? d.file.getLineAndCharacterOfPosition(d.start).line : -1;
      const about = line > 0 ? d.file.text.split("\n")[line - 1] : "";
      return `${about}\n  ${ts.flattenDiagnosticMessageText(d.messageText, "\n  ")}`;
    })
    .join("\n");
}

/** The names of the members the .d.ts declares on each interface of `names` (one tsc program). */
function declaredMembers(...names) {
  const file = path.join(out, "members.ts");
  const aliases = names.map((name, i) => `export type T${i} = ${name};`);
  writeFileSync(file, `import type { ${names.join(", ")} } from "../../pkg/index.js";\n${aliases.join("\n")}\n`);
  const program = ts.createProgram([file], { strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext });
  const checker = program.getTypeChecker();
  const declared = program.getSourceFile(file).statements.filter((s) => ts.isTypeAliasDeclaration(s));
  return Object.fromEntries(names.map((name, i) => [name, checker.getTypeAtLocation(declared[i].name).getProperties().map((p) => p.getName()).sort()]));
}

/** An options object that records every member read from it, and answers `values[member]`. */
function recording(values = {}) {
  const read = new Set();
  const proxy = new Proxy(values, {
    get(target, key) {
      if (typeof key === "string") read.add(key);
      return target[key];
    },
  });
  return { proxy, read };
}

/** The member names the .d.ts types on the objects a result may hand over as received. */
let typedOnce;
function typedMembers() {
  typedOnce ??= new Set([...Object.values(declaredMembers("Artifact", "TextPart", "DataPart", "FilePart", "Citation")).flat(), "bytes", "uri", "mimeType"]);
  return typedOnce;
}

/** `value` as a TypeScript expression: `task.raw` is `RAW`, and an object found inside it keeps
 *  only the members of `typed`. */
function literal(value, typed) {
  const raw = value?.task?.raw;
  const inRaw = new Set();
  const collect = (v) => {
    if (v && typeof v === "object" && !inRaw.has(v)) {
      inRaw.add(v);
      Object.values(v).forEach(collect);
    }
  };
  collect(raw);
  const emit = (v) => {
    if (v === raw && raw !== undefined) return "RAW";
    if (Array.isArray(v)) return `[${v.map(emit).join(", ")}]`;
    if (v && typeof v === "object") {
      const keep = Object.entries(v).filter(([k]) => !inRaw.has(v) || typed.has(k));
      return `{${keep.map(([k, x]) => `${JSON.stringify(k)}: ${emit(x)}`).join(", ")}}`;
    }
    return JSON.stringify(v);
  };
  return emit(value);
}

test("every decoded result and error of every fixture satisfies its .d.ts type", () => {
  mkdirSync(out, { recursive: true });
  const typed = typedMembers();
  const lines = [
    'import type { MagisteriumError, QaAnswer, SearchResults, Document, TextResult, SkillResult, Task } from "../../pkg/index.js";',
    "declare const RAW: Task;",
  ];
  let results = 0;
  let errors = 0;
  for (const { name, body, skills } of responses()) {
    for (const skill of skills) {
      let value;
      try {
        value = decodeResponse(skill, body);
      } catch (e) {
        assert.equal(e.name, "MagisteriumError", `${name} as ${skill}: ${e}`);
        const own = Object.fromEntries(Object.keys(e).map((k) => [k, e[k]]));
        lines.push(`// ${name} as ${skill}: rejected`);
        lines.push(`(${JSON.stringify(own)}) satisfies Pick<MagisteriumError, "kind"> & Partial<Pick<MagisteriumError, ${ERROR_MEMBERS.map((m) => JSON.stringify(m)).join(" | ")}>>;`);
        errors++;
        continue;
      }
      lines.push(`// ${name} as ${skill}`);
      lines.push(`(${literal(value, typed)}) satisfies ${RESULT_TYPE[skill]};`);
      results++;
    }
  }
  const file = path.join(out, "results.ts");
  writeFileSync(file, `${lines.join("\n")}\n`);
  assert.ok(results >= 40 && errors >= 40, `values checked: ${results} results, ${errors} errors`);
  const diagnostics = typecheck(file);
  assert.equal(diagnostics, "", `${file} (each line names its fixture):\n${diagnostics}`);
});

test("a member tsc must refuse is refused (the check above can fail)", () => {
  const file = path.join(out, "refused.ts");
  const extra = { ...decodeResponse("document_search", readFileSync(path.join(root, "tests/fixtures/responses/search_results.json"), "utf8")), score: 1 };
  const typed = typedMembers();
  writeFileSync(file, `import type { SearchResults, Task } from "../../pkg/index.js";\ndeclare const RAW: Task;\n(${literal(extra, typed)}) satisfies SearchResults;\n`);
  assert.match(typecheck(file), /score/);
});

test("the options the Rust code reads are the options the .d.ts declares", async () => {
  const declared = declaredMembers("ClientOptions", "BuildOptions", "CallOptions");
  const client = recording();
  new MagisteriumClient(client.proxy);
  assert.deepEqual([...client.read].sort(), declared.ClientOptions, "ClientOptions");

  const build = recording();
  buildRequest("document_search", "just wage", build.proxy);
  assert.deepEqual([...build.read].sort(), declared.BuildOptions, "BuildOptions");

  const answer = readFileSync(path.join(root, "tests/fixtures/responses/search_results.json"), "utf8");
  const fetch = async (request) => {
    const { id } = await request.json();
    return new Response(JSON.stringify({ ...JSON.parse(answer), id }), { headers: { "content-type": "application/json" } });
  };
  const call = recording();
  await new MagisteriumClient({ fetch, maxRetries: 0 }).documentSearch("just wage", call.proxy);
  assert.deepEqual([...call.read].sort(), declared.CallOptions, "CallOptions");
});
