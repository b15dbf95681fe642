"""Terminal episodes per minute with a fixed-latency fake model, at several concurrencies: the twin of tau2_throughput.py.

An episode is a real Terminal-World episode (`termworld.runtime.run_episode` through the terminal kind): a bwrap sandbox
opens with one of the hand-written Harbor tasks in `data/tasks/` materialized, a tmux terminal starts, the Terminus-2
agent asks an OpenAI-compatible fake server (`FakeOpenAIServer`, a fake with a fixed latency per request) for
`--calls - 1` replies that each run one command, then a reply that marks the task complete, and the task's pytest tests
verify the state. The model is the only thing that waits, so the ideal rate at concurrency c is
c × 60 / (calls × latency) episodes per minute. The floor is min(ideal, cores × the single-core rate), the single-core
rate being episodes per minute at concurrency 1 against the fake with no latency (all of that time is sandbox, terminal,
pytest and harness CPU).

    python nbs/benchmarks/terminal_throughput.py [--latency 0.2] [--calls 5] [--concurrency 1 8 32] [--rounds 2] [--ray 2]

With `--ray P` each concurrency c ≥ P also runs on termworld's Ray executor (`executor.kind=ray`): P worker processes
(a local instance with P CPUs), each running c / P episodes at once on threads (`executor.threads_per_worker`).
"""
import argparse, functools, json, os, time
from concurrent.futures import ThreadPoolExecutor

from termworld.core import data_path
from termworld.llm import FakeOpenAIServer, get_llm
from termworld.runtime import run_episode
from termworld.taskdirs import find_task_dirs, read_task_dir, task_to_records


def handler(calls:int):
    "Fake model: `calls - 1` Terminus replies that each run `ls`, then one that marks the task complete."
    def answer(req, n):
        done = sum(m.get('role') == 'assistant' for m in req['messages'])
        last = done >= calls - 1
        reply = {'analysis': 'Looking around.', 'plan': 'List the directory.',
                 'commands': [] if last else [{'keystrokes': 'ls\n', 'duration': 0.1}], 'task_complete': last}
        return json.dumps(reply)
    return answer


def environments() -> list:
    "The environments of the hand-written Harbor tasks that need no network (their records, not their directories)."
    return [task_to_records(read_task_dir(p))[1] for p in find_task_dirs(data_path('data/tasks'))]


def episode(url:str, env) -> int:
    "One verified terminal episode against the fake; returns its agent steps."
    llm = _CLIENTS.get(url) or _CLIENTS.setdefault(url, get_llm(f'openai:{url}#fake-model', retries=0, concurrency=256))
    traj = run_episode(llm, env, max_steps=20, wall_s=120, backend='bwrap')
    if traj.status == 'failed': raise RuntimeError(f"episode failed: {traj.error}")
    return len(traj.steps)

_CLIENTS: dict = {}   # url → this process's client of the fake model


def measure(envs, url:str, concurrency:int, episodes:int) -> tuple[float, int]:
    "Seconds to run `episodes` episodes on `concurrency` threads; returns (seconds, model requests per episode)."
    jobs = [envs[i % len(envs)] for i in range(episodes)]
    t0 = time.perf_counter()
    with ThreadPoolExecutor(concurrency) as pool: steps = list(pool.map(functools.partial(episode, url), jobs))
    return time.perf_counter() - t0, round(sum(steps) / len(steps))


def measure_ray(envs, url:str, workers:int, concurrency:int, episodes:int) -> float:
    "Seconds to run `episodes` episodes on the Ray executor: `workers` processes × concurrency / workers threads."
    from termworld.core import get_executor, load_config
    cfg = load_config(None, sets=['executor.kind=ray', f'executor.workers={workers}', 'executor.num_cpus=1',
                                  f'executor.threads_per_worker={max(1, concurrency // workers)}'])
    ex = get_executor(cfg); ex.progress = False
    _CLIENTS.clear()   # the function travels with the globals it names: no client (it holds locks) goes with it
    list(ex.map(functools.partial(episode, url), [envs[i % len(envs)] for i in range(workers * 2)]))   # warm every worker
    jobs = [envs[i % len(envs)] for i in range(episodes)]
    t0 = time.perf_counter()
    list(ex.map(functools.partial(episode, url), jobs))
    return time.perf_counter() - t0


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--latency', type=float, default=0.2)
    ap.add_argument('--calls', type=int, default=5, help='model requests per episode')
    ap.add_argument('--concurrency', type=int, nargs='+', default=[1, 8, 32])
    ap.add_argument('--rounds', type=int, default=2, help='episodes per thread')
    ap.add_argument('--single', type=int, default=12, help='episodes timed for the single-core rate')
    ap.add_argument('--ray', type=int, default=0, help='also run on the Ray executor with this many worker processes')
    args = ap.parse_args()
    envs = environments()
    print(f"terminal episodes ({len(envs)} Harbor tasks from data/tasks, bwrap), fake model {args.latency * 1e3:.0f} ms per request, "
          f"{args.calls} requests per episode; load {os.getloadavg()[0]:.2f}; cores {os.cpu_count()}")
    with FakeOpenAIServer(handler(args.calls), latency=0.0) as fast:
        episode(fast.url, envs[0])                                   # warm: imports, the sandbox pool, the base image
        seconds, steps = measure(envs, fast.url, 1, args.single)
        single = args.single / seconds * 60
        print(f"  single-core rate (no latency, concurrency 1): {single:.1f} episodes/min ({seconds / args.single * 1e3:.0f} ms each, {steps} steps)")
    with FakeOpenAIServer(handler(args.calls), latency=args.latency) as srv:
        for c in args.concurrency:
            n = c * args.rounds
            seconds, per_episode = measure(envs, srv.url, c, n)
            rate = n / seconds * 60
            ideal = c * 60 / (per_episode * args.latency)
            floor = min(ideal, os.cpu_count() * single)
            print(f"  concurrency {c:>3}: {n:>4} episodes in {seconds:6.1f} s = {rate:7.1f} episodes/min; ideal {ideal:7.1f}, "
                  f"floor {floor:7.1f} -> {rate / floor:.2f} of the floor; load {os.getloadavg()[0]:.2f}")
            if args.ray and c >= args.ray:
                seconds = measure_ray(envs, srv.url, args.ray, c, n)
                rate = n / seconds * 60
                print(f"    on Ray, {args.ray} processes x {c // args.ray} threads: {n:>4} episodes in {seconds:6.1f} s = "
                      f"{rate:7.1f} episodes/min -> {rate / floor:.2f} of the floor; load {os.getloadavg()[0]:.2f}")
