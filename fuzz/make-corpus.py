#!/usr/bin/env python3
"""Regenerates fuzz/corpus/ from the lit suite.

Every test/**/*.mlir (Inputs/ and the fuzzers' own regression tests in
test/Regression/fuzz included; test/Integration/Extreme, the extreme-size
runner tests, excluded) is split at `// -----` into individual inputs,
full-line `//` comments (RUN, CHECK, expected-error, prose) are stripped, and
each distinct non-empty piece is written as corpus/<test path>-<index>.mlir.

Usage: python3 fuzz/make-corpus.py   (from anywhere; rewrites fuzz/corpus/)
"""
import hashlib
import pathlib
import re
import shutil

ROOT = pathlib.Path(__file__).resolve().parent.parent
TEST = ROOT / "test"
CORPUS = ROOT / "fuzz" / "corpus"
EXCLUDED = [TEST / "Integration" / "Extreme"]
SPLIT = re.compile(r"^// -----\s*$", re.MULTILINE)
COMMENT = re.compile(r"^\s*//.*$")


def pieces(text):
    for chunk in SPLIT.split(text):
        lines = [l.rstrip() for l in chunk.splitlines() if not COMMENT.match(l)]
        body = "\n".join(lines).strip()
        if body:
            yield body + "\n"


def main():
    if CORPUS.exists():
        shutil.rmtree(CORPUS)
    CORPUS.mkdir(parents=True)
    seen = set()
    count = 0
    for path in sorted(TEST.rglob("*.mlir")):
        if any(ex in path.parents for ex in EXCLUDED):
            continue
        stem = str(path.relative_to(TEST).with_suffix("")).replace("/", "_")
        for index, body in enumerate(pieces(path.read_text())):
            digest = hashlib.sha1(body.encode()).hexdigest()
            if digest in seen:
                continue
            seen.add(digest)
            (CORPUS / f"{stem}-{index}.mlir").write_text(body)
            count += 1
    print(f"{count} seed inputs in {CORPUS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
