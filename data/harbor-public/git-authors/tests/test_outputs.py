from pathlib import Path

def test_exists():
    """/app/authors.txt exists."""
    assert Path("/app/authors.txt").exists()

def test_counts():
    """Commits per author, most first."""
    assert Path("/app/authors.txt").read_text().split("\n")[:2] == ["ann 2", "bob 1"]
