import subprocess

def run(path):
    return subprocess.run(["python3", "/app/stats.py", path], capture_output=True, text=True).stdout.strip()

def test_mean():
    """The mean of /app/nums.txt."""
    assert run("/app/nums.txt") == "4.5"

def test_other_file(tmp_path):
    """The mean of another file too (not hard-coded)."""
    p = tmp_path / "n.txt"; p.write_text("1\n2\n3\n")
    assert run(str(p)) == "2.0"
