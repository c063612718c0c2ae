"""The Python examples of the README and of the docs site run as written (so both stay true)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCKS = [
    (page.relative_to(ROOT), index, block)
    for page in PAGES
    for index, block in enumerate(
        re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S), 1
    )
]


def test_the_readme_and_the_docs_have_python_examples() -> None:
    assert any(page.name == "README.md" for page, _, _ in BLOCKS)
    assert sum(page.parts[0] == "docs" for page, _, _ in BLOCKS) >= 5


@pytest.mark.parametrize(
    ("page", "index", "block"), BLOCKS, ids=[f"{page}#{index}" for page, index, _ in BLOCKS]
)
def test_an_example_runs(
    page: Path, index: int, block: str, capsys: pytest.CaptureFixture[str]
) -> None:
    exec(compile(block, f"{page} python block {index}", "exec"), {})
    assert capsys.readouterr().out.strip()
