#!/usr/bin/python3
"""The text of every table cell of a page, one row per line:

    TABLE ROW: cell<TAB>cell<TAB>...

  tablecells.py wiki PAGE.wiki   tables of our wikitext ({| ... |})
  tablecells.py html PAGE.html   tables of an HTML page (cmark-gfm's
                                 rendering of a Markdown page)

Cell text is what a reader sees: entities decoded, links reduced to their
text, footnote references (<ref>...</ref> and <ref ... /> in wikitext,
[^group1] in Markdown) left out, runs of white space as one space. A table without a
header row in wikitext has an empty one in Markdown (GFM needs one): it is
left out, so both formats give the same lines (tests/site/structure.t).
"""
import html
import html.parser
import re
import sys


def norm(text):
    return re.sub(r"\s+", " ", text).strip()


def wiki_cell(text):
    # a cell's own attributes (the diff page's shades) stand before a single
    # "|": MediaWiki shows what follows it (data never holds a raw "|")
    text = re.sub(r'^\s*(?:[a-z-]+="[^"]*"\s*)+\|\s?', "", text)
    # a named reference to a note given earlier is self-closing
    text = re.sub(r"<ref[^>]*/>|<ref[^>]*>.*?</ref>", "", text)
    text = re.sub(r"\[\[[^|\]]*\|([^\]]*)\]\]", r"\1", text)
    return norm(html.unescape(text))


def wiki_tables(src):
    tables, rows = [], None
    for line in src.splitlines():
        if line.startswith("{|"):
            rows = []
        elif line.startswith("|}"):
            tables.append(rows)
            rows = None
        elif rows is None or line.startswith("|-"):
            continue
        elif line.startswith("! "):
            rows.append([wiki_cell(c) for c in line[2:].split(" !! ")])
        elif line.startswith("| "):
            rows.append([wiki_cell(c) for c in line[2:].split(" || ")])
    return tables


class HtmlTables(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables, self.cell, self.sup = [], None, 0

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self.cell = []
        elif tag == "sup":
            self.sup += 1

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            # footnote references: [^ver1], or ^ver1 when cmark-gfm (no
            # footnote extension) took the note for a link definition; a
            # cell may carry more than one
            text = re.sub(r"(\[\^[A-Za-z0-9_-]*\d+\]|\^[A-Za-z0-9_-]*\d+)+$", "", norm("".join(self.cell)))
            self.tables[-1][-1].append(norm(text))
            self.cell = None
        elif tag == "sup":
            self.sup -= 1

    def handle_data(self, data):
        if self.cell is not None and not self.sup:
            self.cell.append(data)


def html_tables(src):
    p = HtmlTables()
    p.feed(src)
    p.close()
    # the empty header row Markdown gives a table without one
    return [t[1:] if t and not any(t[0]) else t for t in p.tables]


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("wiki", "html"):
        sys.exit("usage: tablecells.py wiki|html FILE")
    with open(sys.argv[2], encoding="utf-8") as f:
        src = f.read()
    tables = wiki_tables(src) if sys.argv[1] == "wiki" else html_tables(src)
    for t, rows in enumerate(tables, 1):
        for r, cells in enumerate(rows, 1):
            print(f"{t} {r}: " + "\t".join(cells))


if __name__ == "__main__":
    main()
