import subprocess
from pathlib import Path


def _count(tmp_path, text):
    f = tmp_path / "input.txt"
    f.write_text(text)
    out = subprocess.run(["bash", "/app/wordcount.sh", str(f)], capture_output=True, text=True, timeout=10)
    return out.stdout.strip()


def test_counts_words_on_one_line(tmp_path):
    """Several words on a single line are all counted."""
    assert _count(tmp_path, "the quick brown fox\n") == "4"


def test_counts_across_lines_and_tabs(tmp_path):
    """Words split by newlines, tabs and repeated spaces are counted once each."""
    assert _count(tmp_path, "a  b\tc\n\nd e\n") == "5"


def test_script_still_in_place():
    """The script stays at /app/wordcount.sh and still starts with a bash shebang."""
    assert Path("/app/wordcount.sh").read_text().startswith("#!/bin/bash")
    assert "wc -l" not in Path("/app/wordcount.sh").read_text()
