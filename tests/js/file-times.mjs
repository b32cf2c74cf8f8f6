// A node:test reporter next to `spec` (scripts/test.sh): the wall time of each test file (its own
// process, start-up included), slowest first, so the summary shows where the time goes.
export default async function* fileTimes(source) {
  const seconds = [];
  for await (const { type, data } of source) {
    if (type === "test:complete" && data.file && data.name === data.file) {
      seconds.push([data.file.replace(/^.*\/tests\/js\//, ""), data.details.duration_ms / 1000]);
    }
  }
  for (const [file, s] of seconds.sort((a, b) => b[1] - a[1])) yield `${s.toFixed(1).padStart(6)} s  ${file}\n`;
}
