// A node:test reporter next to `spec` (scripts/test.sh): the wall time of each test file (its own
// process, start-up included), one line as each file ends (scripts/test.sh sorts them). A line per
// file rather than one sorted list at the end: the runner may exit before a last write flushes.
export default async function* fileTimes(source) {
  for await (const { type, data } of source) {
    if (type === "test:complete" && data.file && data.name === data.file) {
      yield `${(data.details.duration_ms / 1000).toFixed(1).padStart(6)} s  ${data.file.replace(/^.*\/tests\/js\//, "")}\n`;
    }
  }
}
