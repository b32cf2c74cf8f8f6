// "Use this in your app": under every answer, the code that makes the same call with the npm
// package, for a page, a Cloudflare Worker and Node (tabs), and the configuration that gives an MCP
// client every skill as a tool (the MCP tab), with a copy button. Its markup is the
// <template id="tpl-use-code"> of index.html; the code is snippet.js's.
import { fromTemplate, h, part } from "./dom.js";
import { MCP_TAB, TARGETS, mcpConfig, mcpNote, recordCall, shownOptions, snippet } from "./snippet.js";

const NOTES = {
  browser: "In a page, through the Worker proxy of this repository: the Worker adds the token, the page never sees it.",
  worker: "In a Cloudflare Worker, calling Magisterium directly with your token (wrangler secret put MAGISTERIUM_TOKEN).",
  node: "In Node 20 or later, with your token in the environment (MAGISTERIUM_TOKEN).",
};

/**
 * The panel for a call of `entry` with `value` and the page's call `options`. `prefs` ({ open,
 * target }) is kept by the caller, so the panel stays open on the tab the reader chose. `auth` is
 * the site's sign-in state (session.js), which the MCP tab's note reads ({@link mcpNote}).
 */
export function codePanel(entry, value, options, prefs, auth) {
  const call = recordCall(entry, value, shownOptions(options));
  const codes = Object.fromEntries(TARGETS.map((t) => [t.id, snippet(t.id, call, entry.shape)]));
  codes[MCP_TAB.id] = mcpConfig(location.origin);
  const notes = { ...NOTES, [MCP_TAB.id]: mcpNote(auth) };
  return codeTabs({ targets: [...TARGETS, MCP_TAB], codes, notes, prefs }).panel;
}

/**
 * The template's panel with one tab per target (`{ id, label }`), showing `codes[id]` and
 * `notes[id]`. Ids start with `prefix` (`<prefix>-tab-<id>`, `<prefix>-tabpanel`), so two panels can
 * be on the page. Returns `{ panel, setCodes(codes) }`: `setCodes` shows new code in place.
 */
export function codeTabs({ targets, codes, notes, prefs, prefix = "code" }) {
  const panel = fromTemplate("tpl-use-code");
  const tablist = part(panel, "tabs");
  const tabpanel = part(panel, "tabpanel");
  tabpanel.id = `${prefix}-tabpanel`;
  const code = part(panel, "code");
  const status = part(panel, "status");
  const tabs = targets.map((target) => {
    const tab = h("button", { type: "button", role: "tab", id: `${prefix}-tab-${target.id}`, "aria-controls": tabpanel.id, dataset: { target: target.id } }, target.label);
    tab.addEventListener("click", () => select(target.id));
    return tab;
  });
  tablist.append(...tabs);

  function select(id, focus = false) {
    prefs.target = id;
    for (const tab of tabs) {
      const on = tab.dataset.target === id;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
      if (on && focus) tab.focus();
    }
    tabpanel.setAttribute("aria-labelledby", `${prefix}-tab-${id}`);
    part(panel, "note").textContent = notes[id];
    code.textContent = codes[id];
    code.dataset.target = id;
    status.textContent = "";
  }

  // Arrow keys, Home and End move between the tabs (and show them), as in the ARIA tabs pattern.
  tablist.addEventListener("keydown", (event) => {
    const at = tabs.findIndex((t) => t.dataset.target === prefs.target);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(tabs[(next + tabs.length) % tabs.length].dataset.target, true);
  });

  part(panel, "copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(code.textContent);
      status.textContent = "Copied.";
    } catch {
      // No clipboard (permission refused, or not a secure context): select the code instead.
      getSelection().selectAllChildren(code);
      status.textContent = "Selected: copy it with Ctrl+C or ⌘C.";
    }
  });

  panel.open = prefs.open;
  panel.addEventListener("toggle", () => (prefs.open = panel.open));
  select(codes[prefs.target] ? prefs.target : targets[0].id);
  return {
    panel,
    setCodes(next) {
      codes = next;
      select(prefs.target);
    },
  };
}
