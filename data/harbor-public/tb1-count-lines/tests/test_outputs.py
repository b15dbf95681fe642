from pathlib import Path

def test_count():
    """The number of non-empty lines."""
    assert Path("/app/count.txt").read_text().strip() == "3"
