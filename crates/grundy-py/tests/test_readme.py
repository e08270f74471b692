"""The README's Python examples run, and print exactly what their comments show.

The convention (as for the console examples, `crates/grundy-cli/tests/readme_examples.rs`):
in a ```` ```python ```` block, the comment at the end of a line holding ``print(`` is what that
line prints, a whole line; comment-only lines indented below a printing statement are its
further lines. A ``…`` inside a shown line stands for any text within that line; a shown line
holding only ``…`` for any number of lines. Each top-level statement is run in turn, and what
it prints must be exactly the lines its comments show: a statement that prints and shows
nothing fails, so no printed line goes unchecked. Comments elsewhere (on a line without
``print(``, or at the start of a line) are remarks for the reader.
"""

import ast
import contextlib
import io
import pathlib
import re
import tokenize

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent
# The package's guide, and the "From Python" section of the project's README.
READMES = [PACKAGE / "README.md", PACKAGE.parent.parent / "README.md"]


def python_blocks():
    return [
        (readme, block)
        for readme in READMES
        for block in re.findall(r"```python\n(.*?)```", readme.read_text(), re.S)
    ]


def line_matches(shown, actual):
    """Whether one printed line matches one shown line (``…`` inside it stands for any text)."""
    actual = actual.rstrip()
    pieces = shown.split("…")
    if len(pieces) == 1:
        return shown == actual
    first, last = pieces[0], pieces[-1]
    if not actual.startswith(first) or len(actual) < len(first) + len(last) or not actual.endswith(last):
        return False
    rest = actual[len(first) : len(actual) - len(last)]
    for piece in pieces[1:-1]:
        at = rest.find(piece)
        if at < 0:
            return False
        rest = rest[at + len(piece) :]
    return True


def output_matches(shown, actual):
    """Whether the printed lines match the shown ones (a line ``…`` stands for any number of lines)."""
    if not shown:
        return not actual
    if shown[0] == "…":
        return any(output_matches(shown[1:], actual[skip:]) for skip in range(len(actual) + 1))
    return bool(actual) and line_matches(shown[0], actual[0]) and output_matches(shown[1:], actual[1:])


def shown_output(block):
    """For each top-level statement of `block`, its node and the lines its comments show."""
    lines = block.splitlines()
    comments = {}  # line number (1-based) -> (comment text, whether the line holds only the comment)
    for token in tokenize.generate_tokens(io.StringIO(block).readline):
        if token.type == tokenize.COMMENT:
            row, column = token.start
            # `# text`: the text after one space, its own indentation kept.
            text = token.string[2:] if token.string.startswith("# ") else token.string[1:]
            comments[row] = (text.rstrip(), lines[row - 1][:column].strip() == "")
    statements = []
    for node in ast.parse(block).body:
        shown = [
            comments[row][0]
            for row in range(node.lineno, node.end_lineno + 1)
            if row in comments and not comments[row][1] and "print(" in lines[row - 1]
        ]
        if shown:
            row = node.end_lineno + 1
            while row in comments and comments[row][1] and lines[row - 1].startswith(" "):
                shown.append(comments[row][0])
                row += 1
        statements.append((node, shown))
    return statements


def test_the_readme_examples_run_and_print_what_they_show(monkeypatch):
    # From the project's root, as a reader runs them (`examples/…` files).
    monkeypatch.chdir(PACKAGE.parent.parent)
    blocks = python_blocks()
    assert len(blocks) >= 4
    checked = 0
    for readme, block in blocks:
        namespace = {}
        for node, shown in shown_output(block):
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(ast.Module([node], type_ignores=[]), str(readme), "exec"), namespace)
            printed = out.getvalue().splitlines()
            where = f"{readme.name}, the block's line {node.lineno}"
            assert output_matches(shown, printed), f"{where} shows {shown!r}; printed {printed!r}"
            checked += len(shown)
    # Every print of the two READMEs, one shown line or more each (counted 2026-12-02).
    assert checked >= 20, checked


@pytest.mark.parametrize(
    "shown, printed, matches",
    [
        (["N"], ["N"], True),
        (["N"], ["None"], False),  # a whole line, not a part of one
        (["None"], ["None (0.16 turns periodic later)"], False),
        (["PROVEN periodic, period 12…"], ["PROVEN periodic, period 12, last exception at 70"], True),
        (["PROVEN periodic, period 12 …"], ["PROVEN periodic, period 12, last exception at 70"], False),
        (["a … c"], ["a b c"], True),
        (["a … c"], ["a b"], False),
        (["outcome: N", "…"], ["outcome: N", "nim-value: 6", "moves"], True),
        (["outcome: N"], ["outcome: N", "nim-value: 6"], False),  # a line left out without `…`
        (["x", "…", "z"], ["x", "z"], True),
        ([], ["printed but not shown"], False),
    ],
)
def test_shown_lines_match_whole_lines(shown, printed, matches):
    assert output_matches(shown, printed) == matches


def test_comments_show_the_output_of_their_statement():
    block = (
        "x = 1  # a remark\n"
        "print(x)  # 1\n"
        "for i in range(2):\n"
        "    print(i)  # 0\n"
        "              # 1\n"
        "# a remark at the start of a line\n"
        "print('#')  # #\n"
    )
    assert [shown for _, shown in shown_output(block)] == [[], ["1"], ["0", "1"], ["#"]]
