// The naive pass-through Worker (../naive/worker.js) that also imports the proxy's sign-in module
// (crates/worker/src/auth.js, with oauth4webapi), kept but never called: informational, in the start-up
// bench (bench/lib/startup.mjs, bench/lib/workerd-alone.mjs), to tell what bundling and loading that
// JavaScript costs a first request.
import { signIn } from "../../../crates/worker/auth.js";
import naive from "../naive/worker.js";

globalThis.keptForTheBundle = signIn;

export default naive;
