#!/usr/bin/python3
"""The pipeline a user would write instead of cryptoperf (bench/README.md):
PyYAML with its C loader, jsonschema for the schema, a Markdown page per
dataset, and the charts with matplotlib, one SVG per chart.

    bench/reference.py SCHEMA OUT DATASET...

Charts: one per table of the page (results of one family, kind, measure,
mode and operation), a category per row, a bar per configuration (or per
footprint part), as cryptoperf's ST layout draws them; prints how many
charts and bars it drew so that the comparison can be checked."""
import json
import os
import sys
from collections import OrderedDict

import jsonschema
import matplotlib
import yaml

matplotlib.use("svg")
import matplotlib.pyplot as plt  # noqa: E402

ID = ["family", "kind", "measure", "implementation", "cipher_mode", "key_bits", "hash", "curve", "modulus_bits",
      "parameter_set", "pkcs1", "modexp_method", "buffer_bytes", "message_bytes", "chunk_bytes", "operation"]
AXES = ["configuration", "math_config", "curve_definition", "modexp_impl", "variant"]
PARTS = ["code_bytes", "const_bytes", "data_bytes", "stack_bytes", "heap_bytes"]
CHART = ["family", "kind", "measure", "cipher_mode", "operation"]


def count(r):
    for k in ("cycles", "instructions", "time_ms", "throughput_mbyte_s"):
        if k in r:
            return r[k]
    return None


def page(ds, out):
    lines = ["# %s %s on %s" % (ds["library"]["name"], ds["library"]["version"], ds["hardware"]["mcu"]), ""]
    head = [k for k in ID + AXES if any(k in r for r in ds["results"])]
    lines.append("| " + " | ".join(head + ["value"]) + " |")
    lines.append("|" + " --- |" * (len(head) + 1))
    for r in ds["results"]:
        cells = [str(r.get(k, "")) for k in head]
        v = count(r)
        cells.append("%s" % v if v is not None else " / ".join(str(r.get(p, "")) for p in PARTS))
        lines.append("| " + " | ".join(cells) + " |")
    with open(os.path.join(out, "index.md"), "w") as f:
        f.write("\n".join(lines) + "\n")


def charts(ds, out):
    groups = OrderedDict()
    for r in ds["results"]:
        groups.setdefault(tuple(str(r.get(k, "")) for k in CHART), []).append(r)
    n = bars = 0
    for key, rows in groups.items():
        footprint = key[1] == "footprint"
        cats, series, values = OrderedDict(), OrderedDict(), {}
        for r in rows:
            cat = "\n".join(str(r[k]) for k in ID if k in r and k not in CHART)
            cats.setdefault(cat, len(cats))
            if footprint:
                for p in PARTS:
                    if p in r:
                        series.setdefault(p, len(series))
                        values[(cat, p)] = r[p]
            else:
                s = " / ".join(str(r[k]) for k in AXES if k in r)
                series.setdefault(s, len(series))
                if count(r) is not None:
                    values[(cat, s)] = count(r)
        fig, ax = plt.subplots(figsize=(max(6.4, min(16, 0.26 * len(cats) * (len(series) + 1))), 4.8))
        width = 0.85 / max(1, len(series))
        for s, si in series.items():
            xs = [ci + si * width for c, ci in cats.items() if (c, s) in values]
            ys = [values[(c, s)] for c in cats if (c, s) in values]
            bs = ax.bar(xs, ys, width, label=s or None)
            ax.bar_label(bs, fontsize=7, rotation=90 if len(cats) * len(series) > 12 else 0)
            bars += len(xs)
        ax.set_xticks([ci + 0.425 - width / 2 for ci in cats.values()], list(cats), fontsize=8)
        ax.set_title(" ".join(k for k in key if k) + "\n%s %s" % (ds["library"]["name"], ds["library"]["version"]))
        if any(series):
            ax.legend(fontsize=8)
        fig.savefig(os.path.join(out, "chart-%d.svg" % n), format="svg")
        plt.close(fig)
        n += 1
    return n, bars


def main():
    schema_path, out_root, paths = sys.argv[1], sys.argv[2], sys.argv[3:]
    with open(schema_path) as f:
        schema = json.load(f)
    # a relative $id ("cryptoperf/...") makes jsonschema 4.10 fetch it as a URL
    schema.pop("$id", None)
    validator = jsonschema.Draft202012Validator(schema)
    total_charts = total_bars = 0
    for path in paths:
        with open(path) as f:
            ds = yaml.load(f, Loader=yaml.CSafeLoader)
        errors = list(validator.iter_errors(ds))
        if errors:
            print("%s: %s" % (path, errors[0].message), file=sys.stderr)
            sys.exit(1)
        out = os.path.join(out_root, *path.split(os.sep)[-3:-1])
        os.makedirs(out, exist_ok=True)
        page(ds, out)
        n, bars = charts(ds, out)
        total_charts += n
        total_bars += bars
    print("reference: %d datasets, %d charts, %d bars" % (len(paths), total_charts, total_bars))


if __name__ == "__main__":
    main()
