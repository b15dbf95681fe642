"""Throughput of the `tasks` stage on threads and on Ray at 1, 2 and 4 workers, and each executor's per-task overhead.

The stage runs for real (pairing, four model calls per spec, judge, ledger, run store) with a fake model of
fixed latency, in one of two shapes:

- `remote`: each call waits `latency` seconds without holding anything, like an API endpoint. Threads overlap
  these waits, so Ray can at best match them on one machine.
- `local`: each call holds a per-process lock for `latency` seconds, like the embedded model, which serves
  one generation at a time per process. Threads cannot overlap these; Ray workers are separate processes.

Ray runs on a local instance with as many CPUs as workers, started before the clock. The overhead part
maps a no-op function over `--noop` items and reports milliseconds of wall time per item for each executor.

    python nbs/benchmarks/ray_throughput.py --latency 0.05 --tasks 24 --noop 400
"""
import argparse, json, logging, tempfile, threading, time
from pathlib import Path

import ray
from termworld.core import Primitive, RunStore, get_executor, load_config
from termworld.llm import LLM, Models, Reply
from termworld.core import Usage
from termworld.tasks import fake_task_replies, run_tasks

CALLS_PER_SPEC = 4

class FixedLatencyLLM(LLM):
    "A fake model: answers the task stage's prompts plausibly after a fixed latency (`local`: one call at a time per process)."
    def __init__(self, latency:float, shape:str):
        self.latency, self.shape, self.spec = latency, shape, f'fake:{shape}-{latency}'
        self._reply, self._lock = fake_task_replies(), threading.Lock()

    def __getstate__(self): return {**self.__dict__, '_lock': None}
    def __setstate__(self, state): self.__dict__.update(state, _lock=threading.Lock())

    def chat(self, messages, schema=None, **kw) -> Reply:
        if self.shape == 'local':
            with self._lock: time.sleep(self.latency)
        else: time.sleep(self.latency)
        out = self._reply(messages, schema)
        text = json.dumps(out) if isinstance(out, (dict, list)) else str(out)
        return Reply(text=text, parsed=schema.model_validate_json(text) if schema else None, usage=Usage(calls=1), model=self.spec)

def run_stage(kind:str, workers:int, n_tasks:int, latency:float, shape:str) -> tuple[float, list[str]]:
    "Seconds the stage takes over `n_tasks` candidates, and the ids it wrote."
    with tempfile.TemporaryDirectory() as tmp:
        store = RunStore(Path(tmp)/'run')
        store.extend('primitives', [Primitive(type='single', skill_ids=[f'skill-{i}'], name=f'skill{i}', skill_md=f'# skill{i}\nDo {i}.')
                                    for i in range(n_tasks)])
        cfg = load_config(None, sets=[f'executor.kind={kind}', f'executor.workers={workers}', 'llm.cache=false', 'tasks.k=1',
                                      'tasks.dedup_threshold=null'])
        fake = FixedLatencyLLM(latency, shape)
        start = time.perf_counter()
        run_tasks(cfg, store, models=Models(cfg, store, llms={'synthesizer': fake, 'judge': fake}))
        seconds = time.perf_counter() - start
        ids = sorted(t.id for t in store.read('tasks'))
    return seconds, ids

def noop(x): return x

def overhead(kind:str, workers:int, n:int) -> float:
    "Milliseconds of wall time per item when mapping a no-op over `n` items."
    cfg = load_config(None, sets=[f'executor.kind={kind}', f'executor.workers={workers}'])
    ex = get_executor(cfg)
    ex.progress = False
    start = time.perf_counter()
    for _ in ex.map(noop, range(n)): pass
    return (time.perf_counter() - start) / n * 1000

def start_local(workers:int):
    if ray.is_initialized(): ray.shutdown()
    ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    warm = get_executor(load_config(None, sets=['executor.kind=ray']))
    warm.progress = False
    list(warm.map(noop, range(4 * workers)))   # worker processes started before the clock

if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--latency', type=float, default=0.05, help='seconds per fake model call')
    ap.add_argument('--tasks', type=int, default=24, help='task candidates per run')
    ap.add_argument('--workers', type=int, nargs='+', default=[1, 2, 4])
    ap.add_argument('--shapes', nargs='+', default=['remote', 'local'], choices=['remote', 'local'])
    ap.add_argument('--noop', type=int, default=400, help='items of the no-op overhead map')
    args = ap.parse_args()
    ideal_serial = args.tasks * CALLS_PER_SPEC * args.latency
    rows, noops = [], {}
    for n in args.workers:
        start_local(n)
        for shape in args.shapes:
            t_threads, ids_threads = run_stage('threads', n, args.tasks, args.latency, shape)
            t_ray, ids_ray = run_stage('ray', n, args.tasks, args.latency, shape)
            assert ids_ray == ids_threads, 'threads and Ray wrote different records'
            rows.append(dict(shape=shape, workers=n, threads_specs_per_s=round(args.tasks / t_threads, 2),
                             ray_specs_per_s=round(args.tasks / t_ray, 2), ray_over_threads=round(t_threads / t_ray, 2),
                             ray_speedup_vs_serial=round(ideal_serial / t_ray, 2)))
        noops[n] = dict(threads_ms=round(overhead('threads', n, args.noop), 3), ray_ms=round(overhead('ray', n, args.noop), 3))
    ray.shutdown()
    print(f"tasks stage: {args.tasks} specs × {CALLS_PER_SPEC} calls × {args.latency}s; serial ideal {ideal_serial:.1f}s")
    print(f"{'shape':<7} {'workers':>7} {'threads spec/s':>14} {'ray spec/s':>10} {'ray/threads':>11} {'ray vs serial':>13}")
    for r in rows:
        print(f"{r['shape']:<7} {r['workers']:>7} {r['threads_specs_per_s']:>14} {r['ray_specs_per_s']:>10} {r['ray_over_threads']:>11} {r['ray_speedup_vs_serial']:>13}")
    print(f"\nper-item overhead (no-op map of {args.noop} items): " + '; '.join(
        f"{n} workers: threads {v['threads_ms']} ms, Ray {v['ray_ms']} ms ({v['ray_ms'] / max(v['threads_ms'], 1e-6):.0f}×)" for n, v in noops.items()))
    extra = max(v['ray_ms'] - v['threads_ms'] for v in noops.values())
    item_s = CALLS_PER_SPEC * args.latency
    print(f"\nRay adds about {extra:.1f} ms of driver time per item; one item here is {item_s * 1000:.0f} ms of model time "
          f"({extra / (item_s * 1000):.1%}).")
    print("Ray pays off when the work cannot overlap in one process (`local` rows: threads stay at one call at a time, "
          "Ray scales with workers), when one machine's cores, memory or GPUs are not enough, or when lost workers must be "
          "retried; for latency-bound remote calls on one machine (`remote` rows) threads already overlap the waits and "
          "Ray only adds its per-item overhead.")
    print(json.dumps(dict(rows=rows, noop_ms=noops)))
