from pathlib import Path

def test_renamed():
    """No .jpeg files are left; the .jpg files are there."""
    names = sorted(p.name for p in Path("/app/photos").iterdir())
    assert names == ["a.jpg", "b.jpg", "notes.txt"]
