"""Summarises a schemathesis NDJSON report: operations, test cases, checks by name, and the statuses each
operation answered (so a run that only ever saw 401s, say, is visible at a glance).

    python3 summary.py REPORT.ndjson
"""

import collections
import json
import sys


def main(path):
    cases = set()
    checks = collections.Counter()
    statuses = collections.defaultdict(collections.Counter)
    for line in open(path, encoding="utf-8"):
        event = json.loads(line)
        finished = event.get("ScenarioFinished")
        if not finished:
            continue
        recorder = finished.get("recorder") or {}
        label = recorder.get("label", "?")
        for case_id, results in (recorder.get("checks") or {}).items():
            cases.add(case_id)
            for result in results:
                checks[(result["name"], result["status"])] += 1
        for interaction in (recorder.get("interactions") or {}).values():
            response = interaction.get("response") or {}
            if "status_code" in response:
                statuses[label][response["status_code"]] += 1
    names = sorted({name for name, _ in checks})
    passed = sum(count for (_, status), count in checks.items() if status == "success")
    failed = sum(count for (_, status), count in checks.items() if status != "success")
    print(f"schemathesis: {len(statuses)} operations answered, {len(cases)} checked test cases, "
          f"{passed} checks passed, {failed} failed")
    for name in names:
        ok = checks[(name, "success")]
        bad = sum(count for (check, status), count in checks.items() if check == name and status != "success")
        print(f"  {name}: {ok} passed, {bad} failed")
    for label in sorted(statuses):
        answered = ", ".join(f"{status}×{count}" for status, count in sorted(statuses[label].items()))
        print(f"  {label}: {answered}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
