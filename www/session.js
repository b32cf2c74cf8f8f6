// Sign-in: asks the Worker whether sign-in is on and whether this visitor is signed in (never a
// token), and shows "Sign in with Magisterium" or "Signed in · Sign out" in the header.
import { $, h } from "./dom.js";

/** The Worker's sign-in state, `{ enabled, signedIn, anonymousAllowed }`, or null when it has none. */
export async function loadSession() {
  try {
    const res = await fetch("/auth/session", { headers: { accept: "application/json" }, cache: "no-store" });
    if (!res.ok) return null;
    const session = await res.json();
    if (typeof session?.enabled !== "boolean") return null;
    return { enabled: session.enabled, signedIn: session.signedIn === true, anonymousAllowed: session.anonymousAllowed !== false };
  } catch {
    return null;
  }
}

/** Fills the header's account corner (#account) for this sign-in state. */
export function renderAccount(auth) {
  const account = $("account");
  if (!auth?.enabled) return;
  if (auth.signedIn) {
    const out = h("button", { type: "button", class: "button subtle" }, "Sign out");
    out.addEventListener("click", async () => {
      out.disabled = true;
      await fetch("/auth/logout", { method: "POST" }).catch(() => {});
      location.reload();
    });
    account.replaceChildren(h("span", { class: "account-state" }, "Signed in"), out);
  } else {
    account.replaceChildren(h("a", { class: "button subtle", href: "/auth/login" }, "Sign in with Magisterium"));
  }
  account.hidden = false;
}
