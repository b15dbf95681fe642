import tarfile
from pathlib import Path

def test_archive_exists():
    """/backup/site.tar.gz exists and is a gzip tar."""
    assert tarfile.is_tarfile("/backup/site.tar.gz")

def test_members():
    """The archive holds site/ with both files."""
    names = set(tarfile.open("/backup/site.tar.gz").getnames())
    assert {"site/index.html", "site/css/main.css"} <= names

def test_source_kept():
    """/srv/site is still there."""
    assert Path("/srv/site/index.html").exists()
