// The naive pass-through Worker (../naive/worker.js) that also loads the proxy's wasm package
// (dist/pkg-proxy: the module compiled and instantiated at global scope, as the proxy does), kept
// but never called: informational, in the start-up bench (bench/lib/startup.mjs,
// bench/lib/workerd-alone.mjs), to tell what loading the module costs a first request.
import * as proxyWasm from "magisterium-worker";
import naive from "../naive/worker.js";

globalThis.keptForTheBundle = proxyWasm;

export default naive;
