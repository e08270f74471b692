#!/usr/bin/env python3
"""Counts for issue 26: #[test] functions (proptest ones included), property tests (the #[test]s
inside proptest! blocks), and distinct OEIS numbers (A + 6 digits) cited in Rust test code and the
Python tests. Run from the repository root: python3 scripts/test_counts.py"""
import re, sys, pathlib
root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
tests = props = 0
oeis = set()
for f in root.glob("crates/**/*.rs"):
    if "target" in f.parts: continue
    s = f.read_text()
    tests += s.count("#[test]")
    for m in re.finditer(r"proptest!\s*\{", s):
        depth, i = 1, m.end()
        while depth and i < len(s):
            depth += {"{": 1, "}": -1}.get(s[i], 0); i += 1
        props += s[m.end():i].count("#[test]")
    # test code: files under tests/, files named tests.rs, or after #[cfg(test)]
    is_test = "tests" in f.parts or f.name == "tests.rs" or f.parent.name == "tests"
    body = s if is_test else s[s.find("#[cfg(test)]"):] if "#[cfg(test)]" in s else ""
    oeis |= set(re.findall(r"\bA\d{6}\b", body))
for f in root.glob("crates/grundy-py/tests/*.py"):
    oeis |= set(re.findall(r"\bA\d{6}\b", f.read_text()))
print(f"#[test]={tests} proptest={props} oeis={len(oeis)} {sorted(oeis)}")
