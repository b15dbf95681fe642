import subprocess
from pathlib import Path


def test_banner_exists():
    """/app/banner.txt was written."""
    assert Path("/app/banner.txt").exists(), "missing /app/banner.txt"


def test_banner_is_cowsay_output():
    """The banner is exactly what cowsay prints for 'ship it'."""
    expected = subprocess.run(["/usr/games/cowsay", "ship it"], capture_output=True, text=True, check=True).stdout
    assert Path("/app/banner.txt").read_text() == expected
