"""Layer benchmark: how fast the later sandboxes of an environment start from its cached layer, as a ratio to a bare sandbox.

Run from the repository root (needs the base image; the Debian mirror for the apt layer; a Docker daemon for the docker rows):

    python nbs/benchmarks/layer_benchmark.py [--n 20] [--backends bwrap,docker] [--setup apt|pip|files]

The environment's setup installs a Debian package outside the base list (`apt`, default), that plus a PyPI package
into /usr/local (`pip`), or only writes files (`files`, no network). First the layer is built (once; a rerun finds
it cached and says so), then sandbox lifecycles are timed, interleaved call by call: a bare sandbox of the base
image against a sandbox of the environment's layer (create, run `echo 42`, destroy; 0.2 s untimed between
sandboxes, as in sandbox_benchmark.py); the layer's content is checked once, untimed (e.g. cowsay runs).
`--rebuild` deletes the cached layer first, to time the one-time build. Goal: layer sandbox ≤ 3× bare sandbox.
A measurement, not a test.
"""
import argparse, shutil, statistics, subprocess, time, urllib.request
from termworld.sandbox import Sandbox, build_layer, check_backends, debian_mirror, layer_key, layers_dir, SUITE

SETUPS = {
    'files': "mkdir -p /opt/tool && echo 'print(42)' > /opt/tool/run.py && seq 1 1000 > /app/rows.txt",
    'apt': "apt-get update -qq && apt-get install -y -qq --no-install-recommends cowsay >/dev/null",
    'pip': "apt-get update -qq && apt-get install -y -qq --no-install-recommends cowsay >/dev/null && pip install -q tabulate==0.9.0",
}
CHECK = {'files': 'python3 /opt/tool/run.py', 'apt': '/usr/games/cowsay hi >/dev/null && echo 42',
         'pip': 'python3 -c "import tabulate; print(42)"'}

def paired(a, b, n:int, pause:float=0.2) -> tuple[float, float]:
    "Medians of `a` and `b` timed alternately, `n` calls each after one warm-up of each."
    a(); b()
    ta, tb = [], []
    for _ in range(n):
        for fn, out in ((a, ta), (b, tb)):
            time.sleep(pause)
            start = time.perf_counter(); fn(); out.append(time.perf_counter() - start)
    return statistics.median(ta), statistics.median(tb)

def lifecycle(backend:str, image:str|None, cmd:str):
    def go():
        with Sandbox(backend, image) as sb: assert sb.run(cmd).stdout.strip() == '42', f"{cmd} failed in {image}"
    return go

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--n', type=int, default=20)
    ap.add_argument('--backends', default='bwrap,docker')
    ap.add_argument('--setup', default='apt', choices=sorted(SETUPS))
    ap.add_argument('--rebuild', action='store_true')
    args = ap.parse_args()
    if args.setup != 'files':
        try: urllib.request.urlopen(f"{debian_mirror()}/dists/{SUITE}/Release", timeout=5).close()
        except OSError: raise SystemExit(f"the Debian mirror {debian_mirror()} is unreachable; use --setup files")
    status = check_backends()
    rows = []
    for backend in args.backends.split(','):
        if status.get(backend) is not None: print(f"{backend}: skipped ({status[backend]})"); continue
        if args.rebuild:
            key = layer_key(SETUPS[args.setup])
            if backend == 'bwrap': shutil.rmtree(layers_dir()/key, ignore_errors=True)
            else: subprocess.run(['docker', 'rmi', '-f', f'termworld-layer:{key}'], capture_output=True)
        layer = build_layer(SETUPS[args.setup], backend=backend)
        again = build_layer(SETUPS[args.setup], backend=backend)
        print(f"{backend}: layer {layer.key} {'found cached' if layer.cached else 'built'} in {layer.seconds:.2f}s"
              + (f" (setup run {layer.result.duration:.2f}s)" if layer.result else '') + f"; lookup when cached {again.seconds * 1000:.2f} ms")
        lifecycle(backend, layer.image, CHECK[args.setup])()      # the layer has what its setup installed
        bare, layered = paired(lifecycle(backend, None, 'echo 42'), lifecycle(backend, layer.image, 'echo 42'), args.n)
        rows.append((backend, bare, layered))
    print(f"\n| backend | bare sandbox (ms) | sandbox from the layer (ms) | ratio (goal ≤ 3×) |\n|---|---|---|---|")
    for backend, bare, layered in rows:
        print(f"| {backend} | {bare * 1000:.1f} | {layered * 1000:.1f} | {layered / bare:.2f}× |")

if __name__ == '__main__': main()
