#!/usr/bin/env bash
# Loading a large checkpoint: the app's load (tensor-kitchen-bench load --measure, the same
# Workspace::loadPt as File → Load) against torch.load of the same file (bench/torch_load.py),
# side by side in interleaved rounds (app, torch, torch 2.x, app, …). Each side measures itself
# in its own process: the load's wall time (interpreter and app start-up not in it; for the app,
# until the cards exist, as the kitchen shows them: their statistics follow, timed apart) and its
# peak resident memory above the process's baseline (VmHWM reset through /proc/self/clear_refs
# just before the load, VmRSS as the baseline). The file is in the page cache for every round
# (read once first), so both sides read the same way. Prints the medians, the median of the
# paired time ratios (app / torch.load; at most 1 is the target) and peak / N for each side
# (N = the file's size; at most 1.2 the target).
# A .safetensors FILE is compared with safetensors.torch.load_file instead (the Python used
# needs the safetensors package; pass one that has it as second-python, or TK_PYTHON).
# Usage: bench/load-vs-pytorch.sh [build-dir] [MiB or FILE] [rounds] [second-python]
#   second-python: another torch to compare with as well (e.g. /work/main/.venv-torch/bin/python3)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:-build}"
what="${2:-1024}"
rounds="${3:-5}"
second="${4:-}"
source "$here/torch-python.sh"
python="$(torch_python "$build")"
cli="$build/app/tensor-kitchen-bench"
[[ -x "$cli" ]] || { echo "build first: $cli is missing" >&2; exit 1; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

if [[ -f "$what" ]]; then
    file="$what"
else
    file="$tmp/checkpoint.pt"
    "$python" "$here/make_checkpoint.py" "$file" "$what"
fi
cat "$file" >/dev/null # into the page cache, for every side alike

for r in $(seq "$rounds"); do
    "$cli" load "$file" --measure --format json >"$tmp/app-$r.json"
    "$python" "$here/torch_load.py" "$file" >"$tmp/torch-$r.json"
    if [[ -n "$second" ]]; then
        "$second" "$here/torch_load.py" "$file" >"$tmp/second-$r.json"
    fi
done

"$python" - "$tmp" "$rounds" "$file" "${second:+yes}" <<'PY'
import json, os, statistics, sys
tmp, rounds, path, second = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4] == "yes"
n = os.path.getsize(path)
load = lambda kind, r: json.load(open(os.path.join(tmp, f"{kind}-{r}.json")))
app = [load("app", r) for r in range(1, rounds + 1)]
sides = [("torch", [load("torch", r) for r in range(1, rounds + 1)])]
if second:
    sides.append(("second", [load("second", r) for r in range(1, rounds + 1)]))
med = statistics.median
print(f"file: {path}, N = {n / 2**20:.1f} MiB, {len(app[0]['cards'])} tensors, {rounds} interleaved rounds")
print(f"app (tensor-kitchen-bench load): cards in median {med(a['seconds'] for a in app):.3f} s, "
      f"their statistics {med(a['summary_seconds'] for a in app):.3f} s after (as the app makes them, "
      f"after the cards appear); peak/N with the statistics median "
      f"{med(a['peak_above_baseline'] for a in app) / n:.3f} (max {max(a['peak_above_baseline'] for a in app) / n:.3f}), "
      f"at the cards {med(a['cards_peak_above_baseline'] for a in app) / n:.3f}")
for name, runs in sides:
    ratios = [a["seconds"] / t["seconds"] for a, t in zip(app, runs)]
    print(f"{runs[0].get('loader', 'torch.load')}, torch {runs[0]['torch']}: median {med(t['seconds'] for t in runs):.3f} s, "
          f"peak/N median {med(t['peak_above_baseline'] for t in runs) / n:.3f}")
    print(f"  time ratio app / {runs[0].get('loader', 'torch.load')} ({runs[0]['torch']}): median of paired ratios {med(ratios):.2f} "
          f"(rounds: {', '.join(f'{x:.2f}' for x in ratios)})")
PY
