// Size: the browser build (wasm + JS glue + snippets), the Worker bundle from
// `wrangler deploy --dry-run`, and @a2a-js/sdk 0.3.14's A2AClient bundled and minified with esbuild.
import { readFileSync, readdirSync, existsSync, rmSync, statSync } from "node:fs";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { BUDGETS, ROOT, OUT, log } from "./util.mjs";

export function measureBytes(bytes) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length,
  };
}

const sum = (rows) => rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, brotli: t.brotli + r.brotli }), { raw: 0, gzip: 0, brotli: 0 });

function files(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...files(p));
    else out.push(p);
  }
  return out;
}

/** `contents` (an ES module importing npm packages) bundled and minified by esbuild for browsers
 *  into bench/out/`name`; returns the file's path. */
export async function bundleForBrowser(contents, name) {
  const esbuild = await import(path.join(ROOT, "node_modules/esbuild/lib/main.js"));
  const outfile = path.join(OUT, name);
  await esbuild.build({
    stdin: { contents, resolveDir: ROOT, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    outfile,
    logLevel: "error",
  });
  return outfile;
}

/** The @a2a-js/sdk client entry, bundled + minified for browsers (also loaded by the decode page). */
export async function bundleA2a() {
  const outfile = await bundleForBrowser('export { A2AClient } from "@a2a-js/sdk/client";', "a2a-sdk.mjs");
  const pkgVersion = JSON.parse(readFileSync(path.join(ROOT, "node_modules/@a2a-js/sdk/package.json"), "utf8")).version;
  const esbuildVersion = JSON.parse(readFileSync(path.join(ROOT, "node_modules/esbuild/package.json"), "utf8")).version;
  return { file: "bench/out/a2a-sdk.mjs", version: pkgVersion, esbuild: esbuildVersion, ...measureBytes(readFileSync(outfile)) };
}

/** `wrangler deploy --dry-run --outdir` of `config` (`pkg`: its wasm package): the files that
 *  would be uploaded. */
function workerBundle(config, pkg) {
  if (!existsSync(path.join(ROOT, pkg, "magisterium_worker_bg.wasm"))) return { error: `${pkg} not built` };
  const outdir = path.join(OUT, `dry-run-${path.basename(config, ".toml")}`);
  rmSync(outdir, { recursive: true, force: true });
  try {
    execFileSync(path.join(ROOT, "node_modules/.bin/wrangler"), ["deploy", "--dry-run", "-c", config, "--outdir", outdir], {
      cwd: ROOT,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 120_000,
    });
  } catch (e) {
    return { error: `wrangler deploy --dry-run failed: ${String(e.stderr ?? e.message).slice(-500)}` };
  }
  const rows = files(outdir)
    .filter((f) => !f.endsWith(".map") && !f.endsWith("README.md"))
    .map((f) => ({ file: path.relative(outdir, f).replace(/^[0-9a-f]{40}-/, "<hash>-"), ...measureBytes(readFileSync(f)) }));
  return { files: rows, total: sum(rows) };
}

export async function runSize() {
  log("size");
  const pkg = path.join(ROOT, "pkg");
  const snippets = files(path.join(pkg, "snippets")).filter((f) => f.endsWith(".js"));
  const browserFiles = [path.join(pkg, "magisterium_a2a_bg.wasm"), path.join(pkg, "magisterium_a2a.js"), ...snippets];
  const browser = browserFiles.map((f) => ({ file: path.relative(ROOT, f).replace(/snippets\/[^/]+\//, "snippets/…/"), ...measureBytes(readFileSync(f)) }));
  const browserTotal = sum(browser);
  // The same JS as a bundler ships it (esbuild --minify); the .wasm is already optimised.
  const esbuild = await import(path.join(ROOT, "node_modules/esbuild/lib/main.js"));
  const minified = [browser[0]];
  for (const f of browserFiles.slice(1)) {
    const { code } = await esbuild.transform(readFileSync(f, "utf8"), { minify: true, format: "esm", target: "es2022" });
    minified.push({ file: `${path.relative(ROOT, f).replace(/snippets\/[^/]+\//, "snippets/…/")} (esbuild --minify)`, ...measureBytes(Buffer.from(code)) });
  }
  const a2a = await bundleA2a();
  // Quoted by the issue for @a2a-js/sdk 1.3.0 ClientFactory (not installed here, so not measured).
  const a2a130 = { raw: 125 * 1024, gzip: 25 * 1024, quoted: true };
  // The two Worker deployables: the demo's (proxy + stand-in) and the proxy alone.
  const worker = workerBundle("wrangler.toml", "dist/pkg-worker");
  const proxy = workerBundle("wrangler.proxy.toml", "dist/pkg-proxy");
  const ratio = (a, b) => (b ? a / b : null);
  return {
    browser: { files: browser, total: browserTotal },
    browserMinifiedJs: { files: minified.slice(1), total: sum(minified) },
    a2aSdk: a2a,
    a2aSdk130Quoted: a2a130,
    worker,
    proxy,
    ratios: {
      browserVsA2a: { raw: ratio(browserTotal.raw, a2a.raw), gzip: ratio(browserTotal.gzip, a2a.gzip), brotli: ratio(browserTotal.brotli, a2a.brotli) },
      browserVsA2a130Quoted: { raw: ratio(browserTotal.raw, a2a130.raw), gzip: ratio(browserTotal.gzip, a2a130.gzip) },
      browserBrotliVsBudget: ratio(browserTotal.brotli, BUDGETS.sdkBrotliBytes),
    },
  };
}
