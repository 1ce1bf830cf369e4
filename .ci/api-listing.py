#!/usr/bin/env python3
"""Prints a module's public API, one declaration a line, from its symbol graphs.

Usage: api-listing.py DIR [--part MODULE:EXPORTS_FILE ...]
       (DIR: the output directory of `swift symbolgraph-extract`)

A product made of a module and a part it re-exports by name (Reflow and ReflowCore: the
app imports Reflow, which says `@_exported import struct ReflowCore.Store` and so on)
is listed as one module: `--part` names the part and the file of its `@_exported import`
lines, and of the part's own graph only the names exported there are listed. Extensions
of the part's types made elsewhere are named as the product names them.

Each line is `path: declaration`, with an extension's `where` clause and `(deprecated)`
when the symbol carries a deprecation; then `path: conforms to P` for each public
conformance. Members a protocol's extension supplies to conforming types (synthesized)
are left out: the conformance line stands for them. Lines are sorted, so the listing
changes only when the API does.
"""
import glob
import json
import os
import re
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


def exported_names(path, module):
    """The names a file re-exports from `module` (`@_exported import <kind> Module.Name`)."""
    pattern = re.compile(r"^@_exported import \w+ " + re.escape(module) + r"\.(\w+)", re.M)
    return set(pattern.findall(open(path).read()))


def main(directory, parts):
    lines = set()
    names = {}
    for path in sorted(glob.glob(os.path.join(directory, "*.symbols.json"))):
        graph = json.load(open(path))
        base = os.path.basename(path)
        extended = base.split("@")[1].split(".symbols")[0] if "@" in base else None
        own_module = base.split("@")[0].split(".symbols")[0]
        # The part's own declarations: only what the product re-exports.
        exported = parts.get(own_module) if extended is None else None
        if extended in parts:
            extended = None  # an extension of a part's type is the product's own
        for symbol in graph["symbols"]:
            precise = symbol["identifier"]["precise"]
            names[precise] = ".".join(symbol["pathComponents"])
            if "::SYNTHESIZED::" in precise:
                continue
            if symbol["kind"]["identifier"] == "swift.extension":
                continue
            if exported is not None and symbol["pathComponents"][0] not in exported:
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
            if source is None or (exported is not None and source.split(".")[0] not in exported):
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
    arguments = sys.argv[2:]
    parts = {}
    while arguments:
        flag, value = arguments[0], arguments[1]
        if flag != "--part":
            sys.exit("usage: api-listing.py DIR [--part MODULE:EXPORTS_FILE ...]")
        module, exports = value.split(":", 1)
        parts[module] = exported_names(exports, module)
        arguments = arguments[2:]
    main(sys.argv[1], parts)
