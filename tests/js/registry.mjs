// A local npm registry on loopback (verdaccio, no uplinks: it serves only what is published to it),
// and npm run against it as a new user's would be: its own user config, cache and fresh folder.
// Used by tests/js/registry.test.mjs.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { root, spawnService } from "./helpers.mjs";

/** Starts verdaccio on 127.0.0.1:`port` with its storage in a new temporary folder, registers a
 *  user, and resolves to { url, npm(args, cwd), stop(), log() } (`npm` runs with that user's token). */
export async function startRegistry(port) {
  const home = mkdtempSync(path.join(os.tmpdir(), "registry-"));
  const url = `http://127.0.0.1:${port}/`;
  writeFileSync(path.join(home, "config.yaml"), `storage: ${home}/storage
auth:
  htpasswd:
    file: ${home}/htpasswd
    max_users: 1
uplinks: {}
packages:
  "**":
    access: $all
    publish: $authenticated
web:
  enable: false
middlewares:
  audit:
    enabled: false
log: { type: stdout, format: pretty, level: warn }
`);
  const verdaccio = await spawnService(process.execPath, [path.join(root, "node_modules", "verdaccio", "bin", "verdaccio"), "-c", path.join(home, "config.yaml"), "-l", `127.0.0.1:${port}`],
    { ready: () => fetch(`${url}-/ping`).then((r) => r.ok), tries: 60, what: `verdaccio on ${port}` })
    .catch((e) => {
      rmSync(home, { recursive: true, force: true });
      throw e;
    });
  const log = verdaccio.log;
  const stop = () => {
    verdaccio.stop();
    rmSync(home, { recursive: true, force: true });
  };
  // npm adduser's request: the user and a token for it.
  const res = await fetch(`${url}-/user/org.couchdb.user:tester`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "tester", password: "tester-password", type: "user", roles: [], date: new Date().toISOString() }),
  });
  const { token } = await res.json();
  if (!token) throw new Error(`verdaccio gave no token (${res.status}):\n${log()}`);
  const userconfig = path.join(home, "npmrc");
  writeFileSync(userconfig, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`);
  const cache = path.join(home, "npm-cache");
  mkdirSync(cache);
  /** Runs npm in `cwd` against this registry only; returns its stdout. */
  const npm = (args, cwd) => {
    try {
      return execFileSync("npm", [...args, "--registry", url, "--no-audit", "--no-fund", "--no-update-notifier"], {
        cwd,
        env: { ...process.env, npm_config_userconfig: userconfig, npm_config_cache: cache, npm_config_globalconfig: path.join(home, "none") },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
        timeout: 120_000,
      });
    } catch (e) {
      throw new Error(`npm ${args.join(" ")} in ${cwd}:\n${e.stdout}\n${e.stderr}\nverdaccio:\n${log()}`);
    }
  };
  return { url, npm, stop, log };
}

/** `npm pack` of pkg/ (scripts/build.sh) into `dir`; resolves to the tarball's path. */
export function packPackage(dir) {
  const [{ filename }] = JSON.parse(execFileSync("npm", ["pack", path.join(root, "pkg"), "--pack-destination", dir, "--json"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }));
  return path.join(dir, filename);
}

/** The package.json of the installed package in `dir`. */
export const installedManifest = (dir) => JSON.parse(readFileSync(path.join(dir, "node_modules", "magisterium-a2a", "package.json"), "utf8"));
