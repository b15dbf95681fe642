"""Sandbox benchmark: lifecycle, one run, one terminal round trip and a trivial pytest per backend, as ratios to the floors.

Run from the repository root (needs the base image, and a Docker daemon for the docker rows):

    python nbs/benchmarks/sandbox_benchmark.py [--n 20] [--backends bwrap,docker]
    python nbs/benchmarks/sandbox_benchmark.py --breakdown [--n 30]    # where one bwrap run's time goes

Lifecycle = create + write 3 files + one command + read + destroy, with 0.2 s untimed between sandboxes (the
background seeding of sandbox directories, and of cgroups with their spawner, keeps up at that pace; "cold" turns it
off, so each run joins a new cgroup itself). Floors are measured live on this machine, interleaved call by call with the operation they compare to (bare `bwrap … true`, `docker run --rm … true`, `docker exec … true`) and
also quoted from DESIGN.md §5. Goals: bwrap lifecycle ≤ 3× bare bwrap; docker lifecycle ≤ 1.3× bare `docker run`;
terminal round trip for a finished command < 50 ms on bwrap. This is a measurement, not a test.
"""
import argparse, os, statistics, subprocess, time
import termworld.sandbox as sandbox
from termworld.sandbox import Sandbox, check_backends, image_dir, image_tag

DESIGN_FLOORS = {'bare bwrap': 0.005, 'docker run --rm': 0.350, 'docker exec': 0.065, 'pytest --version in a container': 0.200}
TEST_FILE = "def test_trivial():\n    assert 1 + 1 == 2\n"

def median(fn, n:int, pause:float=0.0) -> float:
    "Median wall seconds of `n` calls (after one warm-up call), sleeping `pause` seconds untimed between calls."
    fn()
    times = []
    for _ in range(n):
        time.sleep(pause)
        start = time.perf_counter(); fn(); times.append(time.perf_counter() - start)
    return statistics.median(times)

def floor_fns(backends:list[str]) -> tuple[dict, list]:
    "The floor operations (callables) and the cleanups they need."
    fns, cleanup = {}, []
    if 'bwrap' in backends:
        root = image_dir()
        cmd = ['bwrap', '--ro-bind', str(root/'usr'), '/usr', '--symlink', 'usr/bin', '/bin', '--symlink', 'usr/lib', '/lib',
               '--symlink', 'usr/lib64', '/lib64', '--dev', '/dev', '--proc', '/proc', '--unshare-all', '--die-with-parent', 'true']
        fns['bare bwrap'] = lambda: subprocess.run(cmd, check=True)
    if 'docker' in backends:
        tag = image_tag()
        fns['docker run --rm'] = lambda: subprocess.run(['docker', 'run', '--rm', '--network', 'none', tag, 'true'], check=True, capture_output=True)
        cid = subprocess.run(['docker', 'run', '-d', '--network', 'none', tag, 'sleep', 'infinity'], capture_output=True, text=True, check=True).stdout.strip()
        fns['docker exec'] = lambda: subprocess.run(['docker', 'exec', cid, 'true'], check=True)
        fns['pytest --version in a container'] = lambda: subprocess.run(['docker', 'exec', cid, 'python3', '-m', 'pytest', '--version'], check=True, capture_output=True)
        cleanup.append(lambda: subprocess.run(['docker', 'rm', '-f', cid], capture_output=True))
    return fns, cleanup

def paired(op, floor, n:int, pause:float=0.0) -> tuple[float, float]:
    "Medians of `op` and `floor`, calls interleaved so both see the same machine load."
    op(); floor()
    a, b = [], []
    for _ in range(n):
        time.sleep(pause)
        start = time.perf_counter(); op(); a.append(time.perf_counter() - start)
        start = time.perf_counter(); floor(); b.append(time.perf_counter() - start)
    return statistics.median(a), statistics.median(b)

SPAWNED = {'with': 0, 'without': 0}   # bwrap lifecycles whose sandbox had a spawner ready (runs born in its cgroup)

def lifecycle(backend:str):
    with Sandbox(backend) as sb:
        if backend == 'bwrap': SPAWNED['with' if sb._impl.spawner is not None else 'without'] += 1
        for i in range(3): sb.write(f'f{i}.txt', f'file {i}\n')
        r = sb.run(['cat', 'f0.txt', 'f1.txt', 'f2.txt'])
        assert r.exit_code == 0, r
        assert sb.read('f2.txt') == b'file 2\n'

REF = {'bwrap': {'lifecycle': 'bare bwrap', 'lifecycle (cold)': 'bare bwrap', 'run (argv)': 'bare bwrap', 'run (bash -lc)': 'bare bwrap',
                 'pytest --version': 'pytest --version in a container', 'pytest trivial': 'pytest --version in a container'},
       'docker': {'lifecycle': 'docker run --rm', 'lifecycle (cold)': 'docker run --rm', 'run (argv)': 'docker exec',
                  'run (bash -lc)': 'docker exec', 'terminal round trip': 'docker exec', 'pytest --version': 'pytest --version in a container',
                  'pytest trivial': 'pytest --version in a container'}}

def measure(backend:str, n:int, floors:dict) -> list[tuple[str, float, str|None, float|None]]:
    "Rows (operation, median seconds, floor name, floor median measured interleaved)."
    rows = []
    def add(op, fn, k, pause=0.0):
        floor = REF[backend].get(op)
        if floor in floors: sec, fsec = paired(fn, floors[floor], k, pause)
        else: sec, fsec = median(fn, k, pause), None
        rows.append((op, sec, floor, fsec))
    few = n if backend != 'docker' else max(3, n // 4)
    # sandbox directories are seeded ahead by a background thread; "cold" disables that so every create seeds its own
    size = sandbox._POOL.size
    try:
        sandbox._POOL.size = 0
        add('lifecycle (cold)', lambda: lifecycle(backend), few, 0.2)
    finally: sandbox._POOL.size = size
    SPAWNED.update({'with': 0, 'without': 0})
    add('lifecycle', lambda: lifecycle(backend), few, 0.2)
    if backend == 'bwrap': print(f"(bwrap lifecycle: a spawner was ready in {SPAWNED['with']} of {sum(SPAWNED.values())} sandboxes)")
    with Sandbox(backend) as sb:
        add('run (argv)', lambda: sb.run(['true']), n)
        add('run (bash -lc)', lambda: sb.run('true'), n)
        term = sb.terminal()
        add('terminal round trip', lambda: term.send('true\n', 5), n)
        sb.write('test_trivial.py', TEST_FILE)
        add('pytest trivial', lambda: sb.run('python3 -m pytest -q test_trivial.py'), max(3, n // 4))
        add('pytest --version', lambda: sb.run(['python3', '-m', 'pytest', '--version']), max(3, n // 4))
    return rows

def breakdown(n:int) -> list[tuple[str, float]]:
    "Where a bwrap run's time goes: bare bwrap, our bwrap command alone, with the rlimit prefix, joining the cgroup per run, started by the sandbox's spawner (interleaved)."
    root = image_dir()
    bare = ['bwrap', '--ro-bind', str(root/'usr'), '/usr', '--symlink', 'usr/bin', '/bin', '--symlink', 'usr/lib', '/lib',
            '--symlink', 'usr/lib64', '/lib64', '--dev', '/dev', '--proc', '/proc', '--unshare-all', '--die-with-parent', 'true']
    with Sandbox('bwrap'): pass          # the first sandbox of a process has no spawner ready; the next one does
    time.sleep(1)
    with Sandbox('bwrap') as sb:
        impl = sb._impl
        assert impl.spawner is not None, "no spawner: cgroups cannot be made here"
        full = impl.command(['true'], False, {}, sb.workdir, joined=True)   # the run command that joins the cgroup itself
        i = full.index('bwrap')
        steps = full[2].split(' && ')
        limits_only = ['/bin/sh', '-c', ' && '.join(s for s in steps if 'cgroup' not in s), 'sandbox', *full[i:]]
        def spawned(): impl.spawner.popen(full[i:], env={'PATH': os.environ.get('PATH', '/usr/bin:/bin')}).wait()
        variants = {'bare `bwrap true`': bare, 'our bwrap command (mounts, env)': full[i:],
                    '+ rlimits (sh prefix)': limits_only, '+ cgroup join per run (sh prefix, the run command before the spawner)': full,
                    "started by the sandbox's spawner (born in its cgroup; rlimits inherited)": spawned,
                    'Sandbox.run (Python: pipes, capture; the spawner)': lambda: sb.run(['true'])}
        times = {k: [] for k in variants}
        for _ in range(n):
            for k, cmd in variants.items():
                start = time.perf_counter()
                if callable(cmd): cmd()
                else: subprocess.run(cmd, check=False)
                times[k].append(time.perf_counter() - start)
    return [(k, statistics.median(v)) for k, v in times.items()]

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--n', type=int, default=20)
    ap.add_argument('--backends', default='bwrap,docker')
    ap.add_argument('--breakdown', action='store_true', help='only break one bwrap run down into its parts')
    args = ap.parse_args()
    if args.breakdown:
        print(f"load average before: {os.getloadavg()}")
        rows = breakdown(args.n)
        print('\n| part | median | ratio to bare bwrap |\n|---|---|---|')
        for k, sec in rows: print(f"| {k} | {sec*1000:.1f} ms | {sec / rows[0][1]:.2f}× |")
        print(f"load average after: {os.getloadavg()}")
        return
    status = check_backends()
    backends = [b for b in args.backends.split(',') if status.get(b) is None]
    for b in set(args.backends.split(',')) - set(backends): print(f"skipping {b}: {status.get(b)}")
    floors, cleanup = floor_fns(backends)
    print(f"load average before: {os.getloadavg()}")
    try:
        print('\n| backend | operation | median | floor (interleaved) | ratio to floor here | ratio to DESIGN.md §5 floor |\n|---|---|---|---|---|---|')
        for backend in backends:
            for op, sec, floor, fsec in measure(backend, args.n, floors):
                here = f"{sec / fsec:.2f}× {floor}" if fsec else '–'
                design = f"{sec / DESIGN_FLOORS[floor]:.2f}×" if floor else '–'
                print(f"| {backend} | {op} | {sec*1000:.1f} ms | {f'{fsec*1000:.1f} ms' if fsec else '–'} | {here} | {design} |")
    finally:
        for fn in cleanup: fn()
    print(f"load average after: {os.getloadavg()}")

if __name__ == '__main__': main()
