from pathlib import Path

def test_total():
    """The order total with two decimals."""
    assert Path("/app/total.txt").read_text().strip() == "27.50"
