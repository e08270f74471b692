"""The README's Python examples run, and print what their comments say."""

import contextlib
import io
import pathlib
import re

PACKAGE = pathlib.Path(__file__).resolve().parent.parent
# The package's guide, and the "From Python" section of the project's README.
READMES = [PACKAGE / "README.md", PACKAGE.parent.parent / "README.md"]


def python_blocks():
    return [
        (readme, block)
        for readme in READMES
        for block in re.findall(r"```python\n(.*?)```", readme.read_text(), re.S)
    ]


def test_the_readme_examples_run_and_print_what_they_say():
    blocks = python_blocks()
    assert len(blocks) >= 3
    for readme, block in blocks:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, str(readme), "exec"), {})
        printed = out.getvalue()
        # Each `print(...)  # text` line: the text appears in what was printed.
        for comment in re.findall(r"^print\(.*?\)\s+# (.*)$", block, re.M):
            shown = comment.split(" (")[0].split(", then")[0].split(" …")[0].strip()
            assert shown in printed, f"README says {shown!r}; printed:\n{printed}"
