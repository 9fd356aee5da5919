#!/usr/bin/env python3
"""Fails when a public symbol of the given modules has no doc comment.

Reads the symbol graphs `swift package generate-documentation` extracted (under
.build/<triple>/extracted-symbols/<package>/<Module>/). Implementations of a documented
protocol requirement and default implementations are skipped: DocC shows the
requirement's documentation for them. Usage: scripts/docs-coverage.py PoolTable PoolTableGtk
"""
import glob
import json
import os
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
missing = 0
for module in sys.argv[1:]:
    files = glob.glob(os.path.join(root, ".build", "*", "extracted-symbols", "*", module, "*.symbols.json"))
    if not files:
        print(f"docs-coverage: no symbol graph for {module}; run generate-documentation first")
        sys.exit(2)
    undocumented = set()
    public = 0
    for path in files:
        graph = json.load(open(path))
        inherits = {r["source"] for r in graph["relationships"]
                    if r["kind"] == "defaultImplementationOf" or r.get("sourceOrigin")}
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            uri = symbol.get("location", {}).get("uri", "")
            if "/Sources/" not in uri:
                continue    # synthesized members (Equatable's !=, …)
            public += 1
            if symbol.get("docComment") or symbol["identifier"]["precise"] in inherits:
                continue
            line = symbol["location"]["position"]["line"] + 1
            where = uri[uri.index("/Sources/") + 1:]
            undocumented.add(f"{where}:{line}: {'.'.join(symbol['pathComponents'])}")
    print(f"docs-coverage: {module}: {public - len(undocumented)} of {public} public symbols documented")
    for entry in sorted(undocumented):
        print(f"  undocumented: {entry}")
    missing += len(undocumented)
sys.exit(1 if missing else 0)
