#!/usr/bin/env python3
"""Sorts the pairs a `duplicates` listing names into kinds, by what the first side's lines hold
(docs/duplicates.md): picocli option fields, builder setters, record withers, field copies in
constructors and drafts, accessors, argument checks, and the rest ("logic"). It reads the files, so
ROOT must be the tree the listing was made in.

    scripts/duplicate-kinds.py ROOT LISTING [KIND]

LISTING: the output of `duplicates --most 200` run in ROOT. With KIND, the rows of that kind are
printed too. The sorting is by patterns, a first cut for reading, not a verdict.
"""
import collections
import os
import re
import sys


def side(root, spec):
    path, span = spec.rsplit(':', 1)
    first, last = map(int, span.split('-'))
    try:
        with open(os.path.join(root, path), encoding='utf-8') as f:
            return f.read().split('\n')[first - 1:last], path
    except OSError:
        return [], path


def kind(lines, path):
    t = '\n'.join(lines)
    if len(re.findall(r'\bwith\w*\(', t)) >= 2 and t.count('return new ') >= 2:
        return 'record withers'
    if '@Option(' in t or '@Parameters(' in t or '@Command(' in t or '@Mixin' in t:
        return 'picocli options'
    if t.count('return this;') >= 2:
        return 'builder setters'
    if re.search(r'\bcase\b.*->', t) and t.count('case') >= 3:
        return 'switch tables'
    if len(re.findall(r'^\s*(this\.)?\w+ = (from|[a-z])\.\w+;|^\s*this\.\w+ = \w+;', t, re.M)) >= 3:
        return 'field copies'
    accessors = re.findall(r'^\s*(public |private |protected )?(static )?[\w<>\[\], ]+ \w+\(\)\s*\{\s*$', t, re.M)
    if len(accessors) >= 2 and t.count('return') >= 2:
        return 'accessors'
    if re.search(r'^\s*[A-Z_]+\(".*"', t, re.M):
        return 'enum tables'
    if t.count('.put(') >= 3:
        return 'JSON field writes'
    if re.search(r'if \(.*\) \{\s*\n\s*throw|requireNonNull', t):
        return 'argument checks'
    if re.search(r'^\s*(private )?(final )?\w+ \w+;\s*$', t, re.M) and re.search(r'^\s*this\.\w+ = \w+;', t, re.M):
        return 'field copies'
    return 'logic'


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    root, listing = sys.argv[1], sys.argv[2]
    counts = collections.Counter()
    rows = collections.defaultdict(list)
    with open(listing, encoding='utf-8') as f:
        for line in f:
            m = re.match(r'^D\d+ (\S+) ~ (\S+)', line)
            if m:
                k = kind(*side(root, m.group(1)))
                counts[k] += 1
                rows[k].append(line.rstrip())
    for k, n in counts.most_common():
        print(n, k)
    if len(sys.argv) > 3:
        for r in rows[sys.argv[3]]:
            print('  ' + r)


if __name__ == '__main__':
    main()
