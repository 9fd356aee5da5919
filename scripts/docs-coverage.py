#!/usr/bin/env python3
"""Fails when a public symbol of the given modules has no doc comment, or when a public
top-level type is in no Topics group of the module's DocC catalog (a `## Topics` section
of any article in Sources/<Module>/<Module>.docc: DocC would file it under an automatic
"Structures"/"Classes" heading instead). `@_spi` symbols are not in the symbol graph.

Reads the symbol graphs `swift package generate-documentation` extracted (under
.build/<triple>/extracted-symbols/<package>/<Module>/). Implementations of a documented
protocol requirement and default implementations are skipped: DocC shows the
requirement's documentation for them. Usage: scripts/docs-coverage.py PoolTable PoolTableGtk
"""
import glob
import json
import os
import re
import sys


def curated(module):
    """Symbols linked (``Name`` or ``Name/member``) from a Topics section of the catalog."""
    names = set()
    for path in glob.glob(os.path.join(root, "Sources", module, module + ".docc", "*.md")):
        text = open(path).read()
        topics = text.split("## Topics", 1)[1] if "## Topics" in text else ""
        names.update(link.split("/")[0] for link in re.findall(r"``([^`]+)``", topics))
    return names

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
missing = 0
for module in sys.argv[1:]:
    files = glob.glob(os.path.join(root, ".build", "*", "extracted-symbols", "*", module, "*.symbols.json"))
    if not files:
        print(f"docs-coverage: no symbol graph for {module}; run generate-documentation first")
        sys.exit(2)
    undocumented = set()
    public = 0
    types = set()
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
            if len(symbol["pathComponents"]) == 1 and symbol["kind"]["identifier"].split(".")[-1] in (
                    "struct", "class", "enum", "protocol", "typealias", "actor"):
                types.add(symbol["pathComponents"][0])
            if symbol.get("docComment") or symbol["identifier"]["precise"] in inherits:
                continue
            line = symbol["location"]["position"]["line"] + 1
            where = uri[uri.index("/Sources/") + 1:]
            undocumented.add(f"{where}:{line}: {'.'.join(symbol['pathComponents'])}")
    print(f"docs-coverage: {module}: {public - len(undocumented)} of {public} public symbols documented")
    for entry in sorted(undocumented):
        print(f"  undocumented: {entry}")
    missing += len(undocumented)
    uncurated = sorted(types - curated(module))
    print(f"docs-coverage: {module}: {len(types) - len(uncurated)} of {len(types)} public types in a Topics group")
    for name in uncurated:
        print(f"  in no Topics group: {name}")
    missing += len(uncurated)
sys.exit(1 if missing else 0)
