"""Ground truth vs doing nothing under the benchmarks' own evaluators, over whole splits and categories.

For every task: the oracle (the task's ground-truth actions replayed as an agent, `termworld.runtime.OracleAgent` on a tool kind) and
the nop agent, both scored by τ2-bench's `evaluate_simulation` or BFCL's `multi_turn_checker`. Prints, per benchmark,
how many tasks the oracle passes and how many the nop agent passes, and for the nop passes whether the benchmark itself
explains them (τ2 tasks whose ground truth changes no database and asks nothing to be communicated or asserted).
Not a timing benchmark: it checks the imported tasks and the evaluators' wiring at scale.

    python nbs/benchmarks/bench_replay.py [--tau2 airline:base retail:base telecom:base] [--bfcl multi_turn_base ...]
"""
import argparse, time

from termworld.bench import import_tau2, import_bfcl, BFCL_MULTI_TURN
from termworld.toolagent import replay_check

if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--tau2', nargs='*', default=['airline:base', 'retail:base', 'telecom:base'])
    ap.add_argument('--bfcl', nargs='*', default=list(BFCL_MULTI_TURN))
    args = ap.parse_args()
    jobs = [(f"tau2:{d}", lambda d=d: import_tau2(*d.split(':'))) for d in args.tau2] + \
           [(f"bfcl:{c}", lambda c=c: import_bfcl(c)) for c in args.bfcl]
    for name, records in jobs:
        t0 = time.perf_counter()
        df = replay_check(records())
        explained = int(((df.nop == 1.0) & (df.nop_expected == 1.0)).sum())
        print(f"{name:<32} tasks {len(df):>5}  oracle 1.0: {int((df.oracle == 1.0).sum()):>5}  nop 1.0: {int((df.nop == 1.0).sum()):>4} "
              f"(explained by the task: {explained})  nop as expected: {int((df.nop == df.nop_expected).sum()):>5}  {time.perf_counter() - t0:6.1f} s")
        bad = df[(df.oracle != 1.0) | (df.nop != df.nop_expected)]
        for row in bad.itertuples(): print(f"    {row.task}: oracle {row.oracle}, nop {row.nop} (expected {row.nop_expected})")
