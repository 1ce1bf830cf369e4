#!/usr/bin/env python3
"""Merges a part's symbol graphs into its product's, as an app that imports the product
sees them, so that DocC documents one module.

Usage: merge-symbol-graphs.py PRODUCT_DIR PART_DIR EXPORTS_FILE

PRODUCT_DIR holds the product's graphs (Reflow.symbols.json, Reflow@Swift.symbols.json, …);
PART_DIR holds the part's (ReflowCore…). The product's extensions of the part's types
(Reflow@ReflowCore.symbols.json) become members of the product's own graph.
Of the part's own declarations only those named in EXPORTS_FILE's `@_exported import
<kind> Part.Name` lines (and their members) are taken; the part's extensions of other
modules' types are merged into the product's graph for that module. The product's files
are rewritten in place.
"""
import glob
import json
import os
import re
import sys


def merge(into, graph, keep):
    have = {symbol["identifier"]["precise"] for symbol in into["symbols"]}
    taken = set()
    for symbol in graph["symbols"]:
        precise = symbol["identifier"]["precise"]
        if not keep(symbol):
            continue
        taken.add(precise)
        if precise not in have:
            into["symbols"].append(symbol)
            have.add(precise)
    relations = {json.dumps(relation, sort_keys=True) for relation in into.get("relationships", [])}
    for relation in graph.get("relationships", []):
        if relation["source"] not in have:
            continue
        key = json.dumps(relation, sort_keys=True)
        if key not in relations:
            into.setdefault("relationships", []).append(relation)
            relations.add(key)


def main(product_dir, part_dir, exports_file):
    product = os.path.basename(glob.glob(os.path.join(product_dir, "*.symbols.json"))[0]).split("@")[0].split(".")[0]
    part_graphs = glob.glob(os.path.join(part_dir, "*.symbols.json"))
    part = os.path.basename(part_graphs[0]).split("@")[0].split(".")[0]
    pattern = re.compile(r"^@_exported import \w+ " + re.escape(part) + r"\.(\w+)", re.M)
    exported = set(pattern.findall(open(exports_file).read()))
    for path in part_graphs:
        name = os.path.basename(path)
        graph = json.load(open(path))
        if "@" in name:
            extended = name.split("@")[1]
            target = os.path.join(product_dir, product + "@" + extended)
            keep = lambda symbol: True
        else:
            target = os.path.join(product_dir, product + ".symbols.json")
            keep = lambda symbol: symbol["pathComponents"][0] in exported
        if os.path.exists(target):
            into = json.load(open(target))
        else:
            into = dict(graph, symbols=[], relationships=[])
            into["module"] = dict(graph["module"], name=product)
        merge(into, graph, keep)
        json.dump(into, open(target, "w"))
    extensions = os.path.join(product_dir, product + "@" + part + ".symbols.json")
    if os.path.exists(extensions):
        main_graph = os.path.join(product_dir, product + ".symbols.json")
        into = json.load(open(main_graph))
        merge(into, json.load(open(extensions)), lambda symbol: True)
        json.dump(into, open(main_graph, "w"))
        os.remove(extensions)


if __name__ == "__main__":
    main(*sys.argv[1:])
