"""Environment construction throughput: validations per minute with an instant fake model, against the sandbox floors.

The model is a fake (`ScriptedLLM`) that answers instantly, so what is measured is termworld's own cost of
generate-verify-repair: sandboxes, setup scripts, probes, pytest runs and bookkeeping. The floors are measured on
this machine in the same run (DESIGN.md §5 lists typical values): a bwrap sandbox running `true`, and the
smallest pytest run in a sandbox. The ratio says how close construction gets to "one pytest per validation".

    python nbs/benchmarks/envs_benchmark.py [--n 6] [--workers 2] [--backend bwrap] [--harbor]
"""
import argparse, statistics, tempfile, time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from termworld.core import RunStore, TaskSpec, Blueprint, FileSpec
from termworld.llm import ScriptedLLM
from termworld.envs import (EnvironmentsSection, build_environment, open_sandbox, FileText, FileReview, SetupDraft,
                            ProbePlan, TestsDraft, SolutionDraft)

CSV = 'id,region,amount\n1,north,10\n2,north,20\n3,south,12\n'
TESTS = '''import json, pathlib
def test_exists():
    assert pathlib.Path("/app/totals.json").exists()
def test_values():
    assert json.loads(pathlib.Path("/app/totals.json").read_text()) == {"north": 30, "south": 12}
'''
SOLVE = '''python3 -c "import csv, json; t = {}
for r in csv.DictReader(open('/app/sales.csv')): t[r['region']] = t.get(r['region'], 0) + int(r['amount'])
json.dump(t, open('/app/totals.json', 'w'))"
'''
REPLIES = {FileText: {'content': CSV}, FileReview: {'ok': True, 'issues': []}, SetupDraft: {'script': 'mkdir -p /app/reports'},
           ProbePlan: {'probes': [{'command': 'test -d /app/reports'}]}, TestsDraft: {'tests': TESTS}, SolutionDraft: {'script': SOLVE}}


class Counting:
    "Wraps the sandbox opener to count sandboxes, runs and pytest runs."
    def __init__(self, backend): self.backend, self.sandboxes, self.runs, self.pytests = backend, 0, 0, 0
    def __call__(self):
        self.sandboxes += 1
        sb = open_sandbox(backend=self.backend)
        run = sb.run
        def counted(cmd, *a, **kw):
            self.runs += 1
            self.pytests += 'pytest' in (cmd if isinstance(cmd, str) else ' '.join(cmd))
            return run(cmd, *a, **kw)
        sb.run = counted
        return sb


def floors(backend:str, reps:int=7) -> dict:
    "Median seconds of the sandbox floors on this machine."
    create_true, run_true, pytest_min = [], [], []
    with open_sandbox(backend=backend) as sb:
        sb.write('/tmp/fl/test_a.py', b'def test_a():\n    assert False\n')
        for _ in range(reps):
            t = time.perf_counter(); sb.run(['true']); run_true.append(time.perf_counter() - t)
            t = time.perf_counter(); sb.run('python3 -m pytest -q -p no:cacheprovider /tmp/fl/test_a.py'); pytest_min.append(time.perf_counter() - t)
    for _ in range(reps):
        t = time.perf_counter()
        with open_sandbox(backend=backend) as sb: sb.run(['true'])
        create_true.append(time.perf_counter() - t)
    return dict(create_true=statistics.median(create_true), run_true=statistics.median(run_true), pytest=statistics.median(pytest_min))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--n', type=int, default=6, help='environments to build')
    ap.add_argument('--workers', type=int, default=2)
    ap.add_argument('--backend', default='bwrap')
    ap.add_argument('--harbor', action='store_true', help='also time `harbor run --agent oracle` on the data tasks')
    args = ap.parse_args()

    fl = floors(args.backend)
    print(f"floors ({args.backend}): create+run true {fl['create_true']*1000:.0f} ms, run true {fl['run_true']*1000:.0f} ms, "
          f"minimal pytest run {fl['pytest']*1000:.0f} ms")

    store = RunStore(Path(tempfile.mkdtemp())/'bench')
    llm = ScriptedLLM(lambda messages, schema: REPLIES[schema])
    counter = Counting(args.backend)
    tasks = [TaskSpec(primitive_id='bench', sample=i, instruction='Sum /app/sales.csv per region into /app/totals.json.',
                      blueprint=Blueprint(files=[FileSpec(path='/app/sales.csv', file_type='csv')], setup_steps=['make /app/reports']),
                      criteria=['totals.json exists', 'values right']) for i in range(args.n)]
    sec = EnvironmentsSection()
    start = time.perf_counter()
    with ThreadPoolExecutor(args.workers) as pool:
        envs = list(pool.map(lambda t: build_environment(t, llm, sec, store, counter), tasks))
    wall = time.perf_counter() - start
    ok = sum(e.ok for e in envs)
    per_env = wall / args.n * args.workers
    floor_env = (counter.sandboxes * fl['create_true'] + (counter.runs - counter.pytests - counter.sandboxes) * fl['run_true']
                 + counter.pytests * fl['pytest']) / args.n
    print(f"built {args.n} environments ({ok} ok) in {wall:.1f} s with {args.workers} workers: "
          f"{args.n / wall * 60:.1f} validations/min")
    print(f"per environment: {counter.sandboxes / args.n:.1f} sandboxes, {counter.runs / args.n:.1f} runs "
          f"({counter.pytests / args.n:.1f} pytest), {per_env:.2f} s of worker time")
    print(f"floor for those operations: {floor_env:.2f} s per environment; ratio {per_env / floor_env:.2f}x "
          f"(1.0 = nothing but the sandbox floors)")
    print(f"model calls per environment: {len(llm.calls) / args.n:.1f} (instant fake)")

    if args.harbor:
        from termworld.harbor import run_task, find_task_dirs
        from termworld.core import data_path
        times = []
        for d in find_task_dirs(data_path('data/tasks')):
            t = time.perf_counter()
            r = run_task(d, 'oracle', args.backend, verifier='pytest', echo=lambda m: None)
            times.append(time.perf_counter() - t)
            print(f"harbor run {d.name} --agent oracle: {times[-1]:.2f} s, passed={r['passed']}")
        print(f"harbor run median {statistics.median(times):.2f} s = {statistics.median(times) / fl['pytest']:.1f}x a minimal pytest run")


if __name__ == '__main__':
    main()
