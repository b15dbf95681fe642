from pathlib import Path


def test_report_is_a_github_table():
    """The report is the github-format table of the scores."""
    lines = Path("/app/report.txt").read_text().splitlines()
    assert lines[0].split() == ["|", "name", "|", "score", "|"]
    assert [l.split("|")[1].strip() for l in lines[2:]] == ["ada", "lin", "sam"]


def test_tabulate_is_importable():
    """The environment's tabulate package is in place (installed by the Dockerfile)."""
    import tabulate
    assert tabulate.__version__ == "0.9.0"
