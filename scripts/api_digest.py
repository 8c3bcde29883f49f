#!/usr/bin/env python3
"""Writes each library product's public API, read from the compiler's symbol graphs, to api/<Module>.txt.

    python3 scripts/api_digest.py SYMBOLGRAPH_DIR [--check]

One line per public symbol: its kind, its full name and its declaration, sorted, so that a change to
the public surface shows up as a diff in review. With --check, nothing is written: it exits 1 and names
the files that differ from what the code declares (CI runs it so; scripts/api-digest.sh builds the
symbol graphs first).
"""

import json
import os
import subprocess
import sys

# The library products whose API is recorded: Package.swift's .library products, read from the package's own
# description so that a new product is recorded (and checked) without editing this list.
def library_modules():
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True, capture_output=True,
                                        cwd=ROOT, text=True).stdout)
    return [target for product in package["products"] if "library" in product["type"] for target in product["targets"]]

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def lines_for(graph_dir, module):
    lines = set()
    for name in sorted(os.listdir(graph_dir)):
        if not name.endswith(".symbols.json"):
            continue
        base = name[: -len(".symbols.json")]
        if base != module and not base.startswith(module + "@"):
            continue
        extended = base.split("@", 1)[1] if "@" in base else None
        with open(os.path.join(graph_dir, name), encoding="utf-8") as handle:
            graph = json.load(handle)
        for symbol in graph.get("symbols", []):
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            kind = symbol["kind"]["displayName"]
            path = ".".join(symbol["pathComponents"])
            declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
            declaration = " ".join(declaration.split())
            prefix = f"[extends {extended}] " if extended else ""
            lines.add(f"{prefix}{kind} {path}: {declaration}")
    return sorted(lines)


def errors_without_localized_error(graph_dir, module):
    """Public types of `module` that conform to Swift.Error but not to LocalizedError: an app shows
    `localizedDescription` in an alert, and without LocalizedError that text is useless."""
    public, errors, localized = {}, set(), set()
    for name in sorted(os.listdir(graph_dir)):
        base = name[: -len(".symbols.json")] if name.endswith(".symbols.json") else None
        if base is None or (base != module and not base.startswith(module + "@")):
            continue
        with open(os.path.join(graph_dir, name), encoding="utf-8") as handle:
            graph = json.load(handle)
        for symbol in graph.get("symbols", []):
            if symbol.get("accessLevel") in ("public", "open"):
                public[symbol["identifier"]["precise"]] = ".".join(symbol["pathComponents"])
        for relation in graph.get("relationships", []):
            if relation["kind"] != "conformsTo":
                continue
            target = relation.get("targetFallback") or relation["target"]
            if target == "Swift.Error" or relation["target"] == "s:s5ErrorP":
                errors.add(relation["source"])
            elif target.endswith("LocalizedError"):
                localized.add(relation["source"])
    return sorted(public[e] for e in errors - localized if e in public)


def main(argv):
    if not argv or argv[0].startswith("-"):
        print(__doc__.strip(), file=sys.stderr)
        return 64
    graph_dir, check = argv[0], "--check" in argv[1:]
    api_dir = os.path.join(ROOT, "api")
    differing = []
    modules = library_modules()
    # An api/ file of a module that is no longer a library product is stale: it must go with the product.
    stale = sorted(name[:-4] for name in os.listdir(api_dir) if name.endswith(".txt") and name[:-4] not in modules) \
        if os.path.isdir(api_dir) else []
    if stale:
        print("api: api/ has files for modules that are not library products: " + ", ".join(stale), file=sys.stderr)
        return 1
    for module in modules:
        if not os.path.exists(os.path.join(graph_dir, module + ".symbols.json")):
            print(f"api-digest: no symbol graph for {module} in {graph_dir}", file=sys.stderr)
            return 1
        unlocalized = errors_without_localized_error(graph_dir, module)
        if unlocalized:
            print(f"api: public errors of {module} without LocalizedError: " + ", ".join(unlocalized), file=sys.stderr)
            return 1
        text = f"# Public API of {module} (scripts/api-digest.sh writes this file; do not edit it)\n"
        text += "".join(line + "\n" for line in lines_for(graph_dir, module))
        path = os.path.join(api_dir, module + ".txt")
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if current == text:
            continue
        differing.append(module)
        if not check:
            os.makedirs(api_dir, exist_ok=True)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
    if check and differing:
        print("api: the public API differs from api/*.txt for: " + ", ".join(differing), file=sys.stderr)
        print("api: run scripts/api-digest.sh and commit the change to api/ with the code", file=sys.stderr)
        return 1
    print(("api: checked " if check else "api: wrote ") + f"{len(modules)} modules" +
          (f" ({', '.join(differing)} changed)" if differing and not check else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
