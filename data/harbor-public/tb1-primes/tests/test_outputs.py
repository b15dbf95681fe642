from pathlib import Path

def test_file():
    """/app/primes.txt exists."""
    assert Path("/app/primes.txt").exists()

def test_primes():
    """The primes below 50 in order."""
    assert Path("/app/primes.txt").read_text().split() == [str(p) for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47)]
