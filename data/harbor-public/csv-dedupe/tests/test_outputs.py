from pathlib import Path

def test_exists():
    """/app/people_unique.csv exists."""
    assert Path("/app/people_unique.csv").exists()

def test_unique_in_order():
    """Duplicates removed, first occurrences kept in order."""
    assert Path("/app/people_unique.csv").read_text().split() == ["name,age", "ann,31", "bob,40", "cid,22"]
