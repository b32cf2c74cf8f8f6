#!/usr/bin/env python3
"""The A2A TCK (a2aproject/a2a-tck) against the Worker, compared with a committed baseline.

    .venv-tck/bin/python tests/tck/run.py --tck .venv-tck/a2a-tck --out test-output/tck \\
        [--binding jsonrpc] agent=http://127.0.0.1:18787 proxy=http://127.0.0.1:18791

Each `name=URL` target is run at the MUST and SHOULD levels (`-m "must or should"`) over each
binding, from the TCK's own folder (a copy made by scripts/setup.sh). Its JUnit report is read:
a test that fails (or errors) and is not in tests/tck/baseline.toml under `[name.binding]` is a
new failure; a test listed there that now passes is a stale entry. Either fails the run (exit 1),
so the baseline always says exactly what fails today, each entry with its reason.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tomllib
import urllib.request
import xml.etree.ElementTree as ET
from pathlib import Path

BASELINE = Path(__file__).with_name("baseline.toml")
PREFIX = "tests.compatibility."
SHOWN = 40  # new failures listed by name; the rest are counted


def card_answers(url: str) -> bool:
    """The target serves its 1.0 agent card (else every test would fail for that one reason)."""
    try:
        with urllib.request.urlopen(f"{url}/.well-known/agent-card.json", timeout=10) as response:
            return response.status == 200
    except OSError:
        return False


def outcomes(junit: Path) -> dict[str, str]:
    """Each test of a JUnit report by its id (`module.Class::name[param]`): passed, failed or skipped."""
    found: dict[str, str] = {}
    for case in ET.parse(junit).getroot().iter("testcase"):
        test = f"{case.get('classname', '').removeprefix(PREFIX)}::{case.get('name', '')}"
        tags = {child.tag for child in case}
        found[test] = "failed" if tags & {"failure", "error"} else "skipped" if "skipped" in tags else "passed"
    return found


def run(tck: Path, out: Path, name: str, url: str, binding: str) -> dict[str, str] | None:
    """Runs the TCK once; the outcomes, or None when pytest did not finish its report."""
    junit = (out / f"{name}-{binding}.xml").resolve()
    log = (out / f"{name}-{binding}.log").resolve()
    command = [sys.executable, "-m", "pytest", "tests/compatibility/", f"--sut-host={url}",
               f"--transport={binding}", "-m", "must or should", "-q", "--tb=short",
               "-p", "no:cacheprovider", f"--junitxml={junit}"]
    with log.open("w") as sink:
        subprocess.run(command, cwd=tck, stdout=sink, stderr=subprocess.STDOUT, check=False)
    return outcomes(junit) if junit.exists() else None


def main() -> bool:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tck", type=Path, required=True, help="the TCK's folder (a copy)")
    parser.add_argument("--out", type=Path, required=True, help="where the reports and logs go")
    parser.add_argument("--binding", action="append", help="jsonrpc (default), http_json")
    parser.add_argument("targets", nargs="+", help="name=URL, a table of the baseline each")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    baseline = tomllib.loads(BASELINE.read_text())
    unexplained = [f"{name}.{binding}: {test}" for name, bindings in baseline.items()
                   for binding, tests in bindings.items() for test, why in tests.items()
                   if not (isinstance(why, str) and why.strip())]
    for entry in unexplained:
        print(f"tests/tck/baseline.toml: no reason given for {entry}")
    ok = not unexplained
    for target in args.targets:
        name, _, url = target.partition("=")
        for binding in args.binding or ["jsonrpc"]:
            expected: dict[str, str] = baseline.get(name, {}).get(binding, {})
            label = f"TCK {name} ({url}) over {binding}"
            if not card_answers(url):
                print(f"{label}: no agent card at {url}/.well-known/agent-card.json, not run")
                ok = False
                continue
            found = run(args.tck, args.out, name, url, binding)
            if found is None:
                print(f"{label}: no report (see {args.out}/{name}-{binding}.log)")
                ok = False
                continue
            failed = {t for t, o in found.items() if o == "failed"}
            new = sorted(failed - expected.keys())
            stale = sorted(t for t in expected if found.get(t) != "failed")
            counts = {o: sum(1 for v in found.values() if v == o) for o in ("passed", "failed", "skipped")}
            print(f"{label}: {counts['passed']} passed, {counts['failed']} failed "
                  f"({len(failed) - len(new)} in the baseline), {counts['skipped']} skipped")
            for test in new[:SHOWN]:
                print(f"  NEW FAILURE {test} (see {args.out}/{name}-{binding}.log)")
            if len(new) > SHOWN:
                print(f"  … and {len(new) - SHOWN} more new failures")
            for test in stale:
                print(f"  STALE BASELINE ENTRY {test}: it {found.get(test, 'did not run')}; remove it "
                      f"from tests/tck/baseline.toml [{name}.{binding}]")
            ok = ok and not new and not stale
    return ok


if __name__ == "__main__":
    # An uncaught error ends the run with status 1, which fails scripts/test.sh.
    if not main():
        raise RuntimeError("the A2A TCK has failures outside tests/tck/baseline.toml (listed above)")
