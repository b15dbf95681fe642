"""Two torch jobs at once on a small machine: N threads each, against one job alone.

nbdev_test runs one notebook per core. When two of them run torch at once with torch's default thread count (one per
core), their threads compete for the same cores; this measures that with a fixed mix of batch-1 (decode-like) and
512-row (prefill- and training-like) matrix products of SmolLM2-135M's sizes.

    python nbs/benchmarks/torch_threads.py            # each thread count alone, then two copies at once
"""
import subprocess, sys, time

def work(threads:int) -> float:
    import torch
    torch.set_num_threads(threads); torch.manual_seed(0)
    w, x, big = torch.randn(576, 1536), torch.randn(1, 576), torch.randn(512, 576)
    t = time.perf_counter()
    for _ in range(3000): x @ w
    for _ in range(60): big @ w
    return time.perf_counter() - t

if __name__ == '__main__':
    if len(sys.argv) == 3 and sys.argv[1] == '--worker': print(f"{work(int(sys.argv[2])):.2f}"); sys.exit()
    run = lambda n: subprocess.Popen([sys.executable, __file__, '--worker', str(n)], stdout=subprocess.PIPE, text=True)
    for n in (2, 1):
        alone = run(n).communicate()[0].strip()
        a, b = run(n), run(n)
        print(f"{n} thread(s): alone {alone} s; two at once {a.communicate()[0].strip()} s and {b.communicate()[0].strip()} s")
