#!/usr/bin/env python3
"""Prints a module's public API, one declaration a line, from its symbol graphs.

Usage: api-listing.py DIR  (the output directory of `swift symbolgraph-extract`)

Each line is `path: declaration`, with an extension's `where` clause and `(deprecated)`
when the symbol carries a deprecation; then `path: conforms to P` for each public
conformance. Members a protocol's extension supplies to conforming types (synthesized)
are left out: the conformance line stands for them. Lines are sorted, so the listing
changes only when the API does.
"""
import glob
import json
import os
import sys


# Conformances every type has, or that the compiler infers; listing them adds only noise.
IMPLICIT_CONFORMANCES = {"Copyable", "Escapable", "SendableMetatype", "BitwiseCopyable"}


def declaration(symbol):
    text = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
    return " ".join(text.split())


def where_clause(symbol):
    constraints = symbol.get("swiftExtension", {}).get("constraints", [])
    if not constraints:
        return ""
    parts = []
    for constraint in constraints:
        operator = " == " if constraint["kind"] == "sameType" else " : "
        parts.append(constraint["lhs"] + operator + constraint["rhs"])
    return " where " + ", ".join(parts)


def is_deprecated(symbol):
    for availability in symbol.get("availability", []):
        if availability.get("isUnconditionallyDeprecated") or "deprecated" in availability:
            return True
    return False


def main(directory):
    lines = set()
    names = {}
    for path in sorted(glob.glob(os.path.join(directory, "*.symbols.json"))):
        graph = json.load(open(path))
        extended = os.path.basename(path).split("@")[1].split(".symbols")[0] if "@" in path else None
        for symbol in graph["symbols"]:
            precise = symbol["identifier"]["precise"]
            names[precise] = ".".join(symbol["pathComponents"])
            if "::SYNTHESIZED::" in precise:
                continue
            if symbol["kind"]["identifier"] == "swift.extension":
                continue
            name = ".".join(symbol["pathComponents"])
            if extended:
                name = extended + "." + name
            line = name + ": " + declaration(symbol) + where_clause(symbol)
            if is_deprecated(symbol):
                line += " (deprecated)"
            lines.add(line)
        for relation in graph.get("relationships", []):
            if relation["kind"] != "conformsTo" or "::SYNTHESIZED::" in relation["source"]:
                continue
            source = names.get(relation["source"])
            if source is None:
                continue
            target = relation.get("targetFallback") or names.get(relation["target"], relation["target"])
            if target.split(".")[-1] in IMPLICIT_CONFORMANCES:
                continue
            clause = ""
            constraints = relation.get("swiftConstraints", [])
            if constraints:
                clause = " where " + ", ".join(
                    c["lhs"] + (" == " if c["kind"] == "sameType" else " : ") + c["rhs"] for c in constraints)
            lines.add(source + ": conforms to " + target.split(".")[-1] + clause)
    for line in sorted(lines):
        print(line)


if __name__ == "__main__":
    main(sys.argv[1])
