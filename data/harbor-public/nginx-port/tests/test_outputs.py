from pathlib import Path
CONF = Path("/etc/myapp/server.conf")

def test_port_changed():
    """listen 9090 is set."""
    assert "listen 9090" in CONF.read_text().splitlines()

def test_rest_kept():
    """The other lines are unchanged."""
    assert [l for l in CONF.read_text().splitlines() if not l.startswith("listen")] == ["server_name example.org", "root /var/www"]
