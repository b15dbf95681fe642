from pathlib import Path

def test_file_exists():
    """/app/top3.txt exists."""
    assert Path("/app/top3.txt").exists()

def test_top_three():
    """The three most frequent words with their counts, most frequent first."""
    lines = Path("/app/top3.txt").read_text().split("\n")
    assert [l for l in lines if l] == ["the 4", "cat 3", "a 2"]
