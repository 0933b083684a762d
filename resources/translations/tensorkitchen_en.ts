<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>BenchCli</name>
    <message>
        <source>Unknown command “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: tensor-kitchen-bench &lt;command&gt; [options]

Commands:
  devices   the devices and how this LibTorch was built
  matmul    time A @ B over a sweep of sizes (torch.utils.benchmark&apos;s method)
  train     train the MLP on the two spirals and time its steps (--placement ddp: N processes)
  transfer  copy bandwidth vs size (host↔device, pageable/pinned)
  stress    create and delete cards many times; resident memory before and after
  load      the cards a .pt file makes, or why it is refused
  run       a PyTorch script through the console&apos;s engine: its cards, moves and error
  watch     watch PyTorch programs (or replay a recording): moves, errors, memory

Run tensor-kitchen-bench &lt;command&gt; --help for its options.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown format “%1”: use %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lists the devices LibTorch can use here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>json or text (default).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Include the meta device.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LibTorch %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA build (CUDA %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU-only build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BLAS: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device = &quot;cuda&quot; if torch.cuda.is_available() else &quot;cpu&quot;  →  %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 threads in use of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute capability %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory %1 free of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lists the cards a .pt or .safetensors file makes, as File → Load would.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the cards go (default cpu).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also measure the load: its seconds and its peak memory above the process&apos;s baseline (bench/load-vs-pytorch.sh compares them with torch.load).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name one file: tensor-kitchen-bench load FILE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loaded in %1 s (reading %2 s), statistics %3 s after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, peak %1 MiB above the baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Times A @ B (N×N) on each device over a sweep of N.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comma-separated devices (default cpu).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comma-separated N (default 64…2048).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>float32, float64, float16, bfloat16.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU threads (default: all cores).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds of timed blocks per point (default 0.2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute, end-to-end or naive (GPU lanes; the CPU has no copies).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libtorch (default: at::matmul in this process), python (`a @ b` timed by torch.utils.benchmark in the Python interpreter), or libtorch,python: a lane of each per device, interleaved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>json, csv or text (default).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown mode “%1”: use compute, end-to-end or naive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--threads takes a whole number, not “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--min-run-time takes seconds, not “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a size N.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--engine takes libtorch, python or both, not “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--engine takes libtorch, python or both.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python PyTorch %1: autograd and torch.optim (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>implementation not known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: all-reduce %2 ms a step (%3 % of it), %4 bytes per rank; median step per rank %5 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ranks  samples/s  step ms  all-reduce ms  all-reduce share  final loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs a PyTorch script through the console&apos;s engine and lists the cards it leaves, its moves and its error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The .py file to run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name one script: tensor-kitchen-bench run SCRIPT.py.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Creates, moves and deletes cards in a loop and reports resident memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create/delete cycles (default 10000).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shape of each card (default 256,256).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--cycles takes a positive whole number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trains the race&apos;s MLP on the two spirals on one device.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cpu or cuda:N (default cpu).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden units per layer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden layers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimisation steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed for data and weights.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning rate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sgd or adam.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per-batch, preload, pinned, dataloader, or ddp (N Python processes with DistributedDataParallel, tensorkitchen.replicas).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DDP ranks, 1 to 8 on the CPU (ddp placement).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs the DDP lane once per number of ranks in this comma-separated list, e.g. 1,2,3,4, and prints the points.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DataLoader worker threads (dataloader placement).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blur passes per sample: the CPU cost of preparing one (dataloader placement).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page-locked batches, copied with non_blocking=True (dataloader placement, CUDA).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libtorch (default: LibTorch C++ in this process, autograd and torch::optim) or python (the same training in a Python process with PyTorch, per-batch placement).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 takes a whole number from %2 to %3, not “%4”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--seed takes a whole number, not “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--lr takes a positive number, not “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--engine takes libtorch or python, not “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--engine python trains with per-batch placement in one process; DDP runs Python already (--placement ddp).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--sweep-ranks takes whole numbers separated by commas, such as 1,2,3,4, not “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown placement “%1”: use per-batch, preload, pinned, dataloader or ddp.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Python lane runs on cpu or cuda, not “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A DDP lane runs on cpu or cuda, not “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The device “%1” is not available here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DataLoader with num_workers=%1, %2 blur passes per sample: the device waited for data %3 % of the time; preparing took %4 s of CPU time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2: loss %3 → %4 in %5 steps; median step %6 ms, %7 samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy bandwidth against size. Without a GPU: host memory copies.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comma-separated cuda:N (default: every GPU, or the host).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comma-separated byte counts; K, M, G suffixes allowed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds per point (default 0.05).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a size in bytes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watches PyTorch programs run under `python3 -m tensorkitchen` (or replays a recording of one) and prints what they did: moves, errors, steps, peak memory per device.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listen on the watch socket.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The socket&apos;s path (default: as the app, %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds to listen at most (default 300).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop after this many programs ended (default 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay a recording (.tkwatch); with --format trace, once per rank.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay speed: 1 the recording&apos;s pace, 4 four times faster, 0 as fast as possible (default 0).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>json, text (default), or trace: Chrome trace JSON for Perfetto and chrome://tracing (with --replay, one or more recordings).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say --listen or --replay FILE (one of them).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--timeout takes seconds (more than 0), not “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--programs takes a number from 1 to %1, not “%2”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--speed takes a factor (0 for as fast as possible), not “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unexpected argument “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listening at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The time ran out before every program asked for (%1) ended.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--format trace takes recordings: --replay FILE, as many as the job has.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 events were left out: a trace holds at most %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (pid %2), torch %3, devices %4: %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time not known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 steps, %2 data waits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lost: %1 malformed, %2 oversized, %3 unknown, %4 dropped by the watcher</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: too large to look for findings; the timeline is complete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finding %1 at %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not checked %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A port on 127.0.0.1 held for the run, naming its group, 0 for a free one; the ranks meet through a FileStore and nothing listens on it (ddp placement).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write the trace: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BuildFacts</name>
    <message>
        <source>This LibTorch was built without CUDA (a CPU-only build), so torch.cuda.is_available() is False even on a PC with an NVIDIA GPU. Install the CUDA build of LibTorch/PyTorch to use the GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This LibTorch supports CUDA, but no GPU was found: check the NVIDIA driver (nvidia-smi) and CUDA_VISIBLE_DEVICES.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CardFileFormats</name>
    <message>
        <source>Tensor Kitchen does not write %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CodeLog</name>
    <message>
        <source># The lines read from a session file are comments: a session file is text anyone can edit, so its lines are not run as they are. Read them before you uncomment any.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DataParallelLane</name>
    <message>
        <source>DataParallel · %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DdpLane</name>
    <message>
        <source>DDP × %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DDP on %1 needs a GPU; this machine has none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DDP on %1 runs 1 to %2 ranks here, not %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The global batch %1 does not split evenly over %2 ranks: use a multiple of %2 (%3 or %4).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DeviceRegistry</name>
    <message>
        <source>Meta device: shapes and dtypes, no data</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DeviceReport</name>
    <message>
        <source>LibTorch %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU-only build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA runtime %1 · driver %2 · cuDNN %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BLAS: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>         %1 threads in use of %2 · %3 free of %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>         compute capability %1 · %2 free of %3 · allocator %4 allocated, %5 reserved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallel info:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DeviceStyle</name>
    <message>
        <source>CPU counter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meta shelf (shapes only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU workbench %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LibTorchLane</name>
    <message>
        <source>cpu · 1 thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cpu · %1 threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The meta device has no values, so nothing can be learned there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The device “%1” is not available here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MachineLoad</name>
    <message>
        <source>Other programs were using %1 of %2 cores during this race: CPU times are slower than this machine can do.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MatmulBench</name>
    <message>
        <source>Choose at least one device to race.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose at least one size N.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown dtype “%1”: the race takes float32, float64, float16 or bfloat16.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The minimum run time must be between 0 and 60 seconds (got %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every N must be at least 1 (got %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N = %1 is beyond the race&apos;s limit of %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The device “%1” is not available here.%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads must be between 1 and %1 (got %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N = %1 needs %2 on %3 but only %4 is free.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot multiply %2 matrices here. LibTorch said: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MatmulLane</name>
    <message>
        <source> · 1 thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 threads</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MatmulPythonLane</name>
    <message>
        <source>The Python lane needs the tensorkitchen package, which is not installed beside the app.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: could not start %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the Python lane did not answer as expected (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Python lane stopped answering.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python exited with code %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python exited with code %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Python lane sent a line that is not a reply.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python said: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Python lane&apos;s reply has no valid “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Python lane answered for another point.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Python lane measured no time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the Python lane is not running.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MatmulReport</name>
    <message>
        <source>Not a race file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a race file: it has no results.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown mode in race file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a race CSV: the header differs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1 has %2 fields, not %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1: unknown mode “%2”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown engine in race file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1: unknown engine “%2”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: at N = %2 Python&apos;s a @ b takes %3, C++&apos;s %4: %5 per call is Python&apos;s (%6×).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At N = %1 the ratio is %2× (Python %3, C++ %4).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MoveReport</name>
    <message>
        <source>%1.to(%2) moved the model in place in %3 ms: its parameters are now on %2, the same Parameter objects, and no copy was left behind on %4 — unlike a tensor&apos;s to().</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is already on %2: to() returned the same tensor, nothing was copied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied %1 from %2 to %3 in %4 ms (%5 GB/s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU here, so device = &quot;cuda&quot; if available else &quot;cpu&quot; gave cpu.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The old %1 on %2 was released.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The old storage is still held by another card.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2 both remain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The result was not assigned, so the copy was dropped and %1 stayed on %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1.to(%2) moved the model in place (its time is not known yet): its parameters are now on %2, and no copy was left behind on %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied %1 from %2 to %3 (its time is not known yet).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n copies of %1 from %2 to %3: %4 in %5 ms (%6 GB/s).</source>
        <translation>
            <numerusform>%n copy of %1 from %2 to %3: %4 in %5 ms (%6 GB/s).</numerusform>
            <numerusform>%n copies of %1 from %2 to %3: %4 in %5 ms (%6 GB/s).</numerusform>
        </translation>
    </message>
    <message>
        <source>a tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n copies of %1 from %2 to %3: %4.</source>
        <translation>
            <numerusform>%n copy of %1 from %2 to %3: %4.</numerusform>
            <numerusform>%n copies of %1 from %2 to %3: %4.</numerusform>
        </translation>
    </message>
    <message>
        <source>Made %1 on %2 from %3: shapes only, no data moved (%4 ms).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Made %1 on %2 from %3: shapes only, no data moved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Made %1 on %2 from %3 %n times: shapes only, no data moved (%4 ms in all).</source>
        <translation>
            <numerusform>Made %1 on %2 from %3 %n time: shapes only, no data moved (%4 ms in all).</numerusform>
            <numerusform>Made %1 on %2 from %3 %n times: shapes only, no data moved (%4 ms in all).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Made %1 on %2 from %3 %n times: shapes only, no data moved.</source>
        <translation>
            <numerusform>Made %1 on %2 from %3 %n time: shapes only, no data moved.</numerusform>
            <numerusform>Made %1 on %2 from %3 %n times: shapes only, no data moved.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1.to(%2) gave the model new parameters on %2, as Python does: shapes without values, in the same modules; the old ones on %3 were released. Optimizers made before still hold the old ones.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs no .to(): an optimizer works on the model&apos;s parameters wherever they are (its state, made at its first step, stays where it was made: move the model before stepping), and a loss without weights works wherever its inputs are.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NumpyCards</name>
    <message>
        <source>it does not start as a .npy array does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is .npy version %1, newer than Tensor Kitchen reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is cut short</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is a structured array (records of named fields), which is no tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its header is damaged (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it holds Python objects (dtype=object), which np.load reads only with allow_pickle=True, running the pickle&apos;s code; Tensor Kitchen never does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is an array of %1, which has no torch dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>numpy arrays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it holds %1, which is not a .npy array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it was saved by np.savez_compressed, whose records Tensor Kitchen does not inflate. In Python, np.savez(&quot;%1&quot;, **np.load(&quot;%2&quot;)) writes the same arrays uncompressed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its zip archive is damaged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a numpy array Tensor Kitchen can load: %2. Nothing was loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a numpy archive Tensor Kitchen can load: its array %2: %3. Nothing was loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a numpy file Tensor Kitchen can load: it is damaged or cut short (%2). Nothing was loaded.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OpError</name>
    <message>
        <source>There is no file %1: it may have been moved, renamed or deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a folder, not a file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You are not allowed to read %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a Tensor Kitchen session, or it is damaged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor Kitchen cannot read tensors from %1: it is not a file torch.save wrote, or it is damaged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be saved: the folder %2 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is read-only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be saved: you are not allowed to write in the folder %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not be written: the disk may be full.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <extracomment>%1 and %2: two devices, &quot;cpu and meta&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 takes tensors on %2. PyTorch let it through here, but on a GPU this line raises the device-mismatch error (&quot;Expected all tensors to be on the same device&quot;).</source>
        <extracomment>%1: the operation (@, linear, cat), %2: its devices, &quot;cpu and meta&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1: %2</source>
        <extracomment>%1: the console input&apos;s line number, %2: the note</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PythonCandidates</name>
    <message>
        <source>this app&apos;s build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>active virtual environment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>active conda environment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>virtual environment %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on the PATH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>conda: base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>conda: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pyenv: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PythonConsole</name>
    <message>
        <source>Python could not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python would import torch from %1, not the torch at %2 that wraps this app&apos;s LibTorch: the console stays off rather than load a second LibTorch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nowhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python&apos;s torch uses %1, this app %2: the console stays off rather than load a second LibTorch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python&apos;s torch %1 is not the LibTorch %2 this app links.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python %1 · torch %2 · the app&apos;s own LibTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python could not import torch: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · needs no .to(): it runs wherever its inputs are</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python starts with the first line you run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interrupted (Ctrl+C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a copy of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The console could not read what this line left: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Values changed in place: not an undo step (undo keeps tensors, not copies of their values).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This build has no PyTorch console: there are no Python development files for %1 (python3-dev).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This build has no PyTorch console: %1 has no torch package (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This build has no PyTorch console: there are no pybind11 headers (pybind11-dev).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This build has no PyTorch console: this LibTorch has no Python bindings (libtorch_python).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This build has no PyTorch console: Python&apos;s torch %1 (%2) is not the LibTorch %3 this app links.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This build has no PyTorch console: it was switched off (TK_PYTHON_CONSOLE=OFF).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This build has no PyTorch console.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1(%2) · parameters: %n · made in the console · moves in place</source>
        <translation>
            <numerusform>%1(%2) · parameters: %n · made in the console · moves in place</numerusform>
            <numerusform>%1(%2) · parameters: %n · made in the console · moves in place</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · parameter tensors: %n · needs no .to(): it follows them</source>
        <translation>
            <numerusform>%1 · parameter tensors: %n · needs no .to(): it follows them</numerusform>
            <numerusform>%1 · parameter tensors: %n · needs no .to(): it follows them</numerusform>
        </translation>
    </message>
    <message>
        <source>The console&apos;s Python half (the tensorkitchen package) cannot be found: it is not installed with this app.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The console&apos;s Python half (the tensorkitchen package in %1) could not be imported: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PythonLane</name>
    <message>
        <source>Python · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs a GPU; this machine has none.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Drag to pan, wheel to zoom, click a legend entry to hide its curve.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReplicaLane</name>
    <message>
        <source>A lane needs at least one step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tensorkitchen package is not installed beside this app.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReplicaRun</name>
    <message>
        <source>it exited with code %1 and said nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not make a folder for the ranks&apos; socket: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not listen for the ranks at %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only %1 of %2 ranks connected within %3 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No step came from the ranks for %1 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: could not start %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: only %2 of %3 steps came back from the ranks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lane “%1” is not trained by Python processes.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RequestHandler</name>
    <message>
        <source>Nothing to undo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to redo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python input needs the console.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SafetensorsFile</name>
    <message>
        <source>The entry for tensor %1 is not a JSON object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor %1 has no dtype string.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor %1 has the dtype &quot;%2&quot;, which the safetensors format does not have.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor %1 has no shape (a list of at most 64 sizes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor %1&apos;s shape holds %2, which is not a size (a whole number, 0 or more).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor %1 has no data_offsets (two whole numbers, begin and end).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor %1&apos;s data_offsets [%2, %3] end before they begin.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor %1 is %2 with shape %3, which needs %4 bytes, but its data_offsets [%5, %6] hold %7.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more than 2⁶³</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a part of a byte more than %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file has %1 bytes; a .safetensors file starts with 8 bytes that give its header&apos;s length.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its header would be %1 bytes long; the safetensors format allows at most 100 MB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its header would be %1 bytes long, but only %2 bytes follow the length field: the file is cut short or is not a .safetensors file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its header is not UTF-8 text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its header does not start with &apos;{&apos; (a JSON object).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its header is not JSON: %1 at byte %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its header names %1 twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its __metadata__ is not a JSON object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its __metadata__ value %1 is not a string.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor %1&apos;s data_offsets [%2, %3] reach past the data area, which holds %4 bytes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor %1&apos;s bytes [%2, %3] overlap those of %4 [%5, %6].</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes %1 to %2 of the data area belong to no tensor (the next one is %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tensors end at byte %1 of the data area, but it holds %2 bytes: the rest belongs to no tensor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SessionCards</name>
    <message>
        <source>Tensor Kitchen sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SessionFrame</name>
    <message>
        <source>This is not a Tensor Kitchen session file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session file is truncated: its header is incomplete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session file is version %1; this Tensor Kitchen reads up to version %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session file is truncated: %1 of %2 bytes are there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session file is corrupt: its checksum does not match.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TensorFileTypes</name>
    <message>
        <source>The %1 or %2 file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor files (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TensorSpec</name>
    <message>
        <source>Enter a shape such as 2, 3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At most %1 dimensions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a whole number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every size must be at least 1 (got %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That shape has more elements than any machine can hold.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TensorSummary</name>
    <message>
        <source>meta (no values)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Trainer</name>
    <message>
        <source>Pinned memory is not available here: LibTorch said “%1” Pinned + non_blocking only helps copies to a CUDA GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pinned + non_blocking speeds up copies to a GPU; %1 needs no copy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width, depth, batch, steps and the dataset size must be at least 1, and the learning rate above 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown optimizer “%1”: use sgd or adam.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The meta device has no values, so nothing can be learned there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The DataLoader takes 0…64 workers and 0…10000 blur passes per sample.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TransferResult</name>
    <message>
        <source>host memory copy</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WatchParser</name>
    <message>
        <source>the field “%1” is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the field “%1” must be a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the field “%1” must be a finite number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the field “%1” must not be below %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the field “%1” must be an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the field “%1” must be true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the field “%1” is not a device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the field “%1” must be an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the field “%1” has %2 entries; at most %3 are allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the entries of “%1” must be objects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in “%1”: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the field “argv” must be an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not JSON: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown type “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the field “%1” must be an object</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WatchTrace</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a Tensor Kitchen recording: it holds no watched program&apos;s hello.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WatchWindow</name>
    <message>
        <source>“site” and “dt” differ in length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an event names no site of the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“times” entry %1 is not [id, µs]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a window with no events and no times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>window: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>site %1 is not an object of a known type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” must be an object of columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the column “%1” of “%2” must hold one entry per %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 names a site that is not one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” must be whole microseconds ≥ 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a move in a window without “id0”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event %1 names a %2 site</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a step&apos;s “calls” must be [site, n, µs] triples, at most %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a step&apos;s “gpu_idle” must be [site, µs]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Kitchen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kitchen</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Workspace</name>
    <message>
        <source>the model %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown dtype “%1”. Choose one of: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter a shape such as 2, 3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every size must be at least 1 (got %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That shape has more elements than any machine can hold.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor[%1] %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no card #%1 any more: it was deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a copy of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A model needs a width of 1…65536 and a depth of 1…64.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An optimizer needs a model card to work on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown optimizer “%1”: use sgd or adam.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model(x) needs a model and a tensor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs two tensors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the result %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a clone of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 lives on the meta device: it has a shape and a dtype but no values.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shown as a %1 × %2 matrix: the last dimension across, the others down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was on %2, which this machine does not have: it is on the CPU now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session file is corrupt: its contents cannot be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session file is corrupt: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a tensor file PyTorch or LibTorch wrote: it is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a tensor file PyTorch or LibTorch wrote: it is neither torch.save&apos;s zip archive nor its older pickle format.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a tensor file PyTorch or LibTorch wrote: it is damaged or cut short (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds something Tensor Kitchen cannot load: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a tensor file PyTorch or LibTorch wrote: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds no tensors (a tensor, or a dict or list of them, is needed).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 also holds %2 values that are not tensors; they are not cards: %3, …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 also holds values that are not tensors; they are not cards: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only tensor cards can be saved as .pt files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is on meta: it has no values to save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer over %1&apos;s parameters · needs no .to(): it follows them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a deleted model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cross-entropy loss · needs no .to(): it runs wherever its inputs are</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor Kitchen works with cpu, cuda:N and meta, not “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not available here. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused before allocating: %1 would need %2 on %3, but only %4 is free. Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a usable name: use letters, digits and _, not starting with a digit, and not a Python keyword.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is already a card named %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a Python object and the console is not running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1 was cancelled; the kitchen is unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds no tensors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a .safetensors file that can be loaded: %2 Nothing was loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 carries metadata: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only tensor cards can be saved in a .safetensors file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2, which a .safetensors file cannot hold.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no tensor card with values to save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not in %1, as they are not tensors with values: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds only tensors whose dtypes Tensor Kitchen does not load (unsigned 16- to 64-bit integers, floats of 8 bits or fewer): %2. Nothing was loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not loaded from %1, as Tensor Kitchen does not load their dtypes (unsigned 16- to 64-bit integers, floats of 8 bits or fewer): %2. The other tensors were loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds only tensors whose dtypes Tensor Kitchen does not load (floats of 4 or 6 bits, 8-bit floats other than E4M3 and E5M2): %2. Nothing was loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not loaded from %1, as Tensor Kitchen does not load their dtypes (floats of 4 or 6 bits, 8-bit floats other than E4M3 and E5M2): %2. The other tensors were loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>nn.Sequential: %1 · parameters: %n · moves in place</source>
        <translation>
            <numerusform>nn.Sequential: %1 · parameters: %n · moves in place</numerusform>
            <numerusform>nn.Sequential: %1 · parameters: %n · moves in place</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>GPUs on this machine: %n.</source>
        <translation>
            <numerusform>GPUs on this machine: %n.</numerusform>
            <numerusform>GPUs on this machine: %n.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 holds a whole pickled model. Its classes&apos; code was not run (%2): its parameters and buffers are cards, named as model.state_dict() names them. %3. In Python, torch.save(model.state_dict(), &quot;%4&quot;) saves a file of the tensors alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds Python objects whose classes&apos; code was not run (%2): their tensors are cards, found by attribute; nothing of theirs was imported or run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds a whole pickled model. Its classes&apos; code was not run (%2): the kitchen made the same layers itself and gave them the file&apos;s weights, as a model card. %3. In Python, torch.save(model.state_dict(), &quot;%4&quot;) saves a file of the tensors alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a TorchScript archive: torch.jit.load would compile and run its code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch.load(weights_only=False) would import and run %1, named in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a TorchScript archive (torch.jit.save). Its code was not run: its tensors were read from its data alone and are cards, named as state_dict() names them. Its lines in the code log are comments, since torch.jit.load would compile and run that code.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its lines in the code log are comments: in Python, torch.load(weights_only=False) would import and run %1, named in %2. Nothing of theirs was run here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>safetensors files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a Tensor Kitchen session: open it with File → Open session, as it replaces the whole kitchen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no file format “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Tensor Kitchen: see how PyTorch places tensors on devices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A file to open: a session (.tks), a recording (.tkwatch), or tensors (.pt, .pth, .ckpt, .bin, .safetensors).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::CardActions</name>
    <message>
        <source>Creating %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is on %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created %1 on %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model, optimizer and loss_fn: drag the model to a device — only it needs .to().</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Combine %1 with %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only tensors combine, and a model takes a tensor: model(x).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Move to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device (no GPU: cpu)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1.to(%2)  — result discarded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as .&amp;pt…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New name for %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as .&amp;safetensors…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::ConsoleDock</name>
    <message>
        <source>PyTorch console</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::ConsoleInput</name>
    <message>
        <source>Python: Enter runs · Shift+Enter adds a line · Tab completes · ↑↓ history</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::ConsolePane</name>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interrupt the running input: KeyboardInterrupt, as Ctrl+C in Python</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This build has no PyTorch console.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting Python…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>still running — Ctrl+C to stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># kitchen: %1</source>
        <extracomment>Before a line of Python that a drag or a button ran; keep the &quot;#&quot; (a Python comment).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># … and %1 more moves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped (KeyboardInterrupt): what ran before it stays.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::DecisionView</name>
    <message>
        <source>%1 — step %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::DeviceDetailsDialog</name>
    <message>
        <source>Device check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as &amp;text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking LibTorch about the devices…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LibTorch could not report the devices: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Device check…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::DevicePane</name>
    <message>
        <source>Drop a card here to move it with .to(&quot;%1&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No memory: meta tensors have shapes but no data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cards hold %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocator: %1 allocated, %2 reserved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 free in the system</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::DragMeaningBox</name>
    <message>
        <source>x.to(d)  (result discarded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What dropping a card on another device does.
Hold Shift for y = x.to(d), Ctrl for x.to(d) with the result discarded.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::EngineFeed</name>
    <message>
        <source>device = &quot;cuda&quot; if torch.cuda.is_available() else &quot;cpu&quot; gives cpu here, so a card dropped on this workbench runs x.to(device) — which returns x itself, still on the CPU counter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 threads in use · %2 logical cores · %3 RAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute capability %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::ErrorDialog</name>
    <message>
        <source>Devices don&apos;t match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shapes don&apos;t fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This dtype doesn&apos;t work here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That can&apos;t be done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Can&apos;t open this file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LibTorch raised an error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Can&apos;t save this file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every tensor in one operation must sit on the same device. Ingredients on different counters cannot go into one pot: move one of them first. In a real program this usually means the model and the data did not both get .to(device) — check both.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Element-wise + and * need equal shapes (or shapes that broadcast); x @ y needs x&apos;s last size to equal y&apos;s first; torch.cat needs every size but the first to match. Reshape or transpose one operand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some operations are only implemented for some dtypes: random sampling needs a floating dtype, and half precision is limited on the CPU. Pick float32 and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The device cannot hold this tensor. Use a smaller shape or batch, delete cards you no longer need, or on a GPU empty the caching allocator&apos;s cache.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was loaded and the kitchen is unchanged. Check that this is the file you meant; Details has the full message.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor Kitchen stopped this before asking LibTorch; the message says what to change. Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LibTorch refused this operation; its message says why.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was written; if the file already existed, it is unchanged. Choose another name or folder and save again; Details has the full message.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor Kitchen said:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LibTorch said:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Devices involved:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor Kitchen checked the free memory before asking LibTorch, so nothing was allocated and every card is as it was.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move %1 to %2 and retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Empty cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch.cuda.empty_cache(): return the allocator&apos;s unused blocks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code that should run with and without a GPU picks its device the way the source texts do: device = &quot;cuda&quot; if torch.cuda.is_available() else &quot;cpu&quot; (the console has it predefined), then x.to(device) instead of x.cuda().</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is on meta: it has shapes but no values, so there is nothing to copy to %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::FindingsPanel</name>
    <message>
        <source>&lt;b&gt;Why is it slow?&lt;/b&gt; What this run shows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Costs %1 ms a step (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed, a step would take about %1 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not checked: %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (read only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix here: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try the fix…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the program again, as it is and with this fix, for a few steps each, and compare the measured step times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::FirstSteps</name>
    <message>
        <source>&lt;b&gt;The kitchen is empty.&lt;/b&gt; Start with one of these:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make a tensor…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch.randn, torch.ones, … on the device you choose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the first lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where a tensor lives, and how .to() moves it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors or a state_dict saved by torch.save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load a tensor file (%1)…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::FixTrial</name>
    <message>
        <source>It ran in a notebook or an interactive Python: there is no script to run again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its Python (%1) is not on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its folder (%1) is not on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its script (%1) is not on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The runs said nothing that could be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The runs measured no steps to compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not start %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A fix is being tried already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tensorkitchen package is not installed beside this app.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The runs stopped unexpectedly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The runs ended with exit code %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round %1 of %2, with the fix…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round %1 of %2, as it is…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its watcher did not say how it was run (a version older than this app&apos;s).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::JobKitchen</name>
    <message>
        <source>job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>program</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 · job of %n ranks</source>
        <translation>
            <numerusform>%1 · job of %n rank</numerusform>
            <numerusform>%1 · job of %n ranks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · job of %n ranks (%2 here)</source>
        <translation>
            <numerusform>%1 · job of %n rank (%2 here)</numerusform>
            <numerusform>%1 · job of %n ranks (%2 here)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tk::KitchenActions</name>
    <message>
        <source>Code log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New tensor…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add &amp;model, optimizer and loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Forget to move the model (see the error)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Meta device pane</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  Drag means: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  Shift: y = x.to(d) · Ctrl: discarded</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::KitchenView</name>
    <message>
        <source>No GPU available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shapes and dtypes only: no data, no memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A real LibTorch device: mixing it with cpu gives the real device-mismatch error, even without a GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 ms · %3 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tip: write %1 = %1.to(%2) to keep it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>old %1 released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · timing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>× %n batches</source>
        <translation>
            <numerusform>× %n batch</numerusform>
            <numerusform>× %n batches</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · shapes only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to() returned %1 itself · nothing copied</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::LessonActions</name>
    <message>
        <source>x = torch.ones(2, 3) lives on the CPU counter: x.device is cpu.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU here: x is on the CPU already, so x.cpu() returns x itself and x.cpu().numpy() shares its memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data: preloaded on the device. Press Train, then choose per batch under Data and train again to compare the samples/s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lanes: the CPU and DistributedDataParallel × 2. Press Train and compare the losses and the samples/s, then press Sweep ranks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The example program (examples/why_slow.py) is not installed beside this app.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::LessonsDock</name>
    <message>
        <source>Lessons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>en</source>
        <extracomment>The language code of the lesson texts to show: &quot;en&quot; or &quot;ko&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson 4 is about the devices&apos; error: drop a card on one of the same shape on another device (x on the CPU counter onto x_meta on the meta shelf), or press Try it in the lesson.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::LessonsPanel</name>
    <message>
        <source>&amp;Try it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next lesson</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::LoadProgressDialog</name>
    <message>
        <source>Loading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading tensors</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::LoaderOptions</name>
    <message>
        <source>DataLoader</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 (the training thread)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DataLoader worker threads that prepare the next batches while the model trains. With 0 the training thread prepares each batch itself, and the device waits meanwhile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> blur passes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The CPU cost of preparing one sample: each is rendered as a 32×32 image and blurred this many times on the CPU, as decoding and augmenting an image would.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pinned batches + non_blocking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each batch goes to page-locked memory and is copied with .to(device, non_blocking=True), like pin_memory=True. GPU lanes only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs a CUDA GPU: page-locked memory only speeds up copies to one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;weep workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trains each lane briefly with 0, 1, 2, 4, … workers and charts how long the device waited for data (tab “Data loading”).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python&apos;s DataLoader uses worker processes; LibTorch&apos;s C++ one, used here, uses threads. Both prepare batches ahead of the model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preparation cost:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop s&amp;weep</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::MainWindow</name>
    <message>
        <source>Tensor Kitchen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+N makes a tensor. Drag a card to another pane to move it. F1: lessons.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Matmul race</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Tensor Kitchen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Tensor Kitchen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Tensor Kitchen %1&lt;/h3&gt;&lt;p&gt;See how PyTorch places tensors on devices.&lt;/p&gt;&lt;p&gt;LibTorch %2 · %3&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU-only build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>K&amp;itchen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trainin&amp;g race</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tr&amp;ansfers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mem&amp;ory</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::MatmulRace</name>
    <message>
        <source>A race is already running.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::MatmulRaceCharts</name>
    <message>
        <source>Time per A @ B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N (A and B are N × N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GFLOP/s (2N³ / time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU speed-up over the CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Several cooks vs one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speed-up (×)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU wins from N ≈ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Several cooks win from N ≈ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU wins at every N tried</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Several cooks win at every N tried</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU has not won yet (up to N = %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One cook keeps up so far (up to N = %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speed-up ×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per matmul (IQR %2 %)
%3 GFLOP/s
first call: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor Kitchen matmul race</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::MatmulRacePanel</name>
    <message>
        <source>point %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time spent on whole timed blocks per point (torch.utils.benchmark&apos;s min_run_time).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also race 1 thread (one cook)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU compute only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A and B already on the GPU; the clock is read after torch.cuda.synchronize().</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU end-to-end (with copies)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A and B start on the CPU: copy them in, multiply, copy the result back. Moving ingredients costs time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU naive timing (no sync)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU work is asynchronous. Without torch.cuda.synchronize() before reading the clock, you time only the launch of the kernel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dtype:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N from:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N to:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min run time:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU threads:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;No GPU curve:&lt;/b&gt; %1&lt;br&gt;&lt;br&gt;Instead the race shows one cook (1 thread) against all %2 of them: many hands win big jobs, but for small ones the cost of sharing the work out is larger than the work.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run race</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set the sizes and press Run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;The potato-peeling race&lt;/h3&gt;A @ B for N × N matrices: N³ multiply-adds (2N³ operations), like peeling N³ potatoes. Timed as torch.utils.benchmark does.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warming up…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling after the current block…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Point %1 of %2: %3, N = %4: %5 per matmul, %6 GFLOP/s%7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — noisy: IQR is over 10 % of the median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export race</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF document (*.pdf);;CSV table (*.csv);;JSON with receipt (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n points.</source>
        <translation>
            <numerusform>Cancelled after %n point.</numerusform>
            <numerusform>Cancelled after %n points.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %n points. %1</source>
        <translation>
            <numerusform>Done: %n point. %1</numerusform>
            <numerusform>Done: %n points. %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Python lane (torch.matmul from Python)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same A @ B typed in Python and timed by torch.utils.benchmark in %1, beside each C++ lane at full strength: the gap at small N is what Python costs per call; at large N the two meet.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::MemoryPanel</name>
    <message>
        <source>Device memory over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Cards&lt;/b&gt;: bytes held by the tensors on the panes (a storage shared by several cards counts once). &lt;b&gt;Allocated&lt;/b&gt; (CUDA): bytes in live tensors. &lt;b&gt;Reserved&lt;/b&gt; (CUDA): what PyTorch&apos;s caching allocator holds from the driver — freed tensors leave their blocks here for reuse, so nvidia-smi and other programs still see them as used. torch.cuda.empty_cache() hands the unused blocks back; it frees no live tensor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs a CUDA device: the CPU has no caching allocator to empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cards %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch.cuda.empty_cache()</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reserved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, allocated %1, reserved %2, total %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> of %1 (%2 free)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reserved: %2 → %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No CUDA device: there was no cache to empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Em&amp;pty cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Emptied the CUDA cache: see the Memory tab for before and after.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::NewTensorDialog</name>
    <message>
        <source>New tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. 2, 3 or 4096x4096</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device (cuda if available, else cpu)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Factory:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Shape:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;dtype:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>De&amp;vice:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a usable Python name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is already a card named %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fill va&amp;lue:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>x.to(d)  (result discarded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A drag &amp;means:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new language applies when Tensor Kitchen starts again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::ProgramFeed</name>
    <message>
        <source>Nothing the program names is on %1 now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n parameters · %2</source>
        <translation>
            <numerusform>%1 · %n parameter · %2</numerusform>
            <numerusform>%1 · %n parameters · %2</numerusform>
        </translation>
    </message>
    <message>
        <source>tensor%1 %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute capability %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its named tensors and modules here: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocated %1 (peak %2), reserved %3 of %4
%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The process holds %1 (peak %2) of %3
%4</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::ProgramKitchen</name>
    <message>
        <source>program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The program&apos;s connection is gone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for its hello</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ended (exit code %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 raised: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2 raised an error%3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 · pid %2 · Python %3 · torch %4 · %5 · %6 · %n moves shown</source>
        <translation>
            <numerusform>%1 · pid %2 · Python %3 · torch %4 · %5 · %6 · %n move shown</numerusform>
            <numerusform>%1 · pid %2 · Python %3 · torch %4 · %5 · %6 · %n moves shown</numerusform>
        </translation>
    </message>
    <message>
        <source>Not everything arrived: dropped by the watcher while the app was busy: %1; lines malformed: %2, too long: %3, of an unknown type: %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · rank %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1    # %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the recording stopped at its cap of %1, %2 s in: %3 messages (%4 steps) after it were not recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the recording stopped at its cap of %1, %2 s in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trying the fix: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To measure this fix, Tensor Kitchen runs %1 again %2 times: %3 as it is and %3 with the fix applied where the DataLoader is made, taking turns. Each run is stopped after %4 optimizer steps, and their step times are compared.

The runs do what the program does (files it writes are written again); their output is not shown. You can cancel them.

In %5:
%6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try the fix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run it again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not try the fix: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trying the fix: starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fix was not measured: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured, %1 and %2 steps: as it is %3 ms a step, with the fix %4 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1× faster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1× slower: on this program the fix does not pay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted: %1 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applied: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fix changed no DataLoader: nothing was applied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::PythonChooser</name>
    <message>
        <source>Which Python?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Python to run %1 with: its own torch is the one watched.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a Python interpreter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>your last choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2 · asking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2 · does not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2 · Python %3, no torch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2 · Python %3, torch %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No Python was found: choose one with Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking %1 for its versions…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not run as a Python: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This Python has no torch: the script would fail at import torch. Install torch there, or choose another.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python %1 with torch %2: the watcher package is put on its path for this run only; nothing is installed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::PythonProbe</name>
    <message>
        <source>it did not answer as a Python does</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::ReplicaOptions</name>
    <message>
        <source>DistributedDataParallel ×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks: processes on this machine, 1 to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>· CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One rank per GPU, rank r on cuda:r, over NCCL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>· GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nn.DataParallel: one process scatters each batch over the GPUs, runs a replica of the model on each and gathers the outputs on cuda:0 — every step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trains the DDP lane briefly on 1, 2, 3, 4 ranks and charts samples/s and the all-reduce&apos;s share of the step (tab “Replicas”).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>DataParallel · one process, %n GPUs</source>
        <translation>
            <numerusform>DataParallel · one process, %n GPU</numerusform>
            <numerusform>DataParallel · one process, %n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The guide&apos;s %1 does nothing on this machine (%n GPUs): the model trains on one device.</source>
        <translation>
            <numerusform>The guide&apos;s %1 does nothing on this machine (%n GPU): the model trains on one device.</numerusform>
            <numerusform>The guide&apos;s %1 does nothing on this machine (%n GPUs): the model trains on one device.</numerusform>
        </translation>
    </message>
    <message>
        <source>Sweep ra&amp;nks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop ra&amp;nk sweep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same model, seed, batches and optimizer, trained by Python PyTorch in a process of its own (python -m tensorkitchen.replicas --parallel none): what a plain training script gets, moving each batch with .to(). Beside the LibTorch C++ lane on the same device, the gap is what Python costs per step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N Python processes (ranks), each with its own copy of the model, train on 1/N of every global batch (DistributedSampler) and average their gradients with all-reduces that overlap the backward pass, bucket by bucket (torch.distributed, gloo on 127.0.0.1). DDP starts every copy from rank 0&apos;s parameters; with the same batches the losses match one process&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::ReplicaStrip</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: starting the ranks…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 ms · all-reduce %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Medians so far: forward %1 ms, backward %2 ms (it includes waiting for the all-reduce), all-reduce %3 ms of %4 bytes over %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 ranks with %3 threads in all on %4 hardware threads: the ranks share the cores, and every step also waits for the all-reduce.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 ranks with %3 threads in all on %4 hardware threads: the same cores one process would use, split between the ranks; every step also waits for the all-reduce.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>rank %1 · %2 · pid %3 · %n threads</source>
        <translation>
            <numerusform>rank %1 · %2 · pid %3 · %n thread</numerusform>
            <numerusform>rank %1 · %2 · pid %3 · %n threads</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>one process · %1 · pid %2 · %n threads</source>
        <translation>
            <numerusform>one process · %1 · pid %2 · %n thread</numerusform>
            <numerusform>one process · %1 · pid %2 · %n threads</numerusform>
        </translation>
    </message>
    <message>
        <source>step %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Medians so far: forward %1 ms, backward %2 ms.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::ReplicaSweep</name>
    <message>
        <source>A sweep is already running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose at least one number of ranks.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::ReplicaSweepChart</name>
    <message>
        <source>Do more ranks train faster?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ranks (processes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>samples/s (the whole group)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all-reduce share of the step (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check DistributedDataParallel under Lanes and press Sweep ranks: the DDP lane trains briefly on each number of ranks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all-reduce share (%), right axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 hardware threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2 ranks: %3 samples/s, a step takes %4 ms of which the all-reduce %5 ms (%6 %, %7 bytes per rank); final loss %8.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; one rank: %1 samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: most samples/s on %n ranks (%2)</source>
        <translation>
            <numerusform>%1: most samples/s on %n rank (%2)</numerusform>
            <numerusform>%1: most samples/s on %n ranks (%2)</numerusform>
        </translation>
    </message>
    <message>
        <source>This machine has %1 hardware threads. Every rank is a process of its own with its own copy of the model; the cores are split between them, and during each backward pass they wait for one another to average the gradients (the all-reduces). On a GPU machine each rank has a GPU of its own instead.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::SessionController</name>
    <message>
        <source>Open session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python (*.py)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1: it runs under PyTorch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loaded %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recover the kitchen?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor Kitchen did not close properly last time. Restore the cards from the last autosave?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%2 — Tensor Kitchen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The kitchen is back as it was when Tensor Kitchen was asked to quit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save tensors as safetensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another Tensor Kitchen window is open: it keeps the autosave, this one autosaves to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save session &amp;as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export code…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as safe&amp;tensors…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Load tensors (%1)…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::StepChart</name>
    <message>
        <source>Each step: copying, waiting for data, the rest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>milliseconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the rest (compute, Python)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for the DataLoader</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copying between devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes moved in the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each cell: copying, waiting for data, the rest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cell (execution count)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes moved in the cell</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in torch.distributed collectives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU idle before the step&apos;s work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step (counted from 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cell [%1]: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from the watcher&apos;s start: the program&apos;s start-up is in it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copying between devices: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for the DataLoader: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in torch.distributed collectives: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the rest (compute, Python): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the GPU sat idle %1 before its work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ↑ start-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ↑</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>moved %1 in %n moves</source>
        <translation>
            <numerusform>moved %1 in %n move</numerusform>
            <numerusform>moved %1 in %n moves</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tk::TensorCard</name>
    <message>
        <source>◆ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Storage %1. Cards with the same storage mark share memory: a view, or a to() to the device the tensor was already on. A new mark means a new copy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nn.Module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no .to() needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds no tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>storage %1 · %2 in storage · double-click for values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>summarising…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::TrainingRace</name>
    <message>
        <source>A training race is already running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose at least one device to train on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No lane of the kind “%1” is known here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::TrainingRaceCharts</name>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cross-entropy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss vs training time (the race)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cross-entropy (EMA)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>samples/s (EMA)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (raw)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · waited for data %2 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DDP · CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DDP · GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss vs step (faint: each step, bold: EMA α = %1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::TrainingRaceControls</name>
    <message>
        <source>Adam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGD (momentum 0.9)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per batch: x.to(device) each step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preloaded on the device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pinned + non_blocking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs a CUDA GPU: page-locked memory only speeds up copies to one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the data lives while training: moved per batch (the usual way), all on the device up front (fast, if it fits), or staged in pinned memory and copied with non_blocking=True (GPU only).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Depth:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning rate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU lane: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Train</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press Train: every lane gets the same model, seed and batches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lanes train &lt;b&gt;in turn&lt;/b&gt;, %1 steps each, on one worker thread: no lane shares the cores with another, every step is timed on its own (after torch.cuda.synchronize() on a GPU), and drawing the pictures is not counted. That is why the times are fair.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;The training race&lt;/h3&gt;An MLP learns to tell two spirals apart. The model and every batch must sit on the lane&apos;s device; the optimizer and the loss need no .to().</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused: the clock stops with the lanes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DataLoader: workers prepare batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batches come from LibTorch&apos;s DataLoader; each sample costs CPU work to prepare. Shows how long the device waits for its data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A DDP lane is training: its ranks are separate processes that wait for one another at every step, so they cannot be paused, only cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The CPU and GPU lanes run LibTorch C++ in this app as a PyTorch program does: autograd builds and runs the backward, torch::optim steps one parameter at a time. The Python lane runs the same training in Python PyTorch, and so do DDP and DataParallel.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::TrainingRacePanel</name>
    <message>
        <source>Preparing the lanes: data, model, model.to(device)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3: loss %4, %5 samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: final loss %2 after %3 steps; </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss ≤ %1 after %2 s of training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never reached loss ≤ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>identical to %1, bit for bit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>agrees with %1 to %2 significant digits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker sweep is running: stop it first, or the two would share the cores.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3: loss %4, %5 samples/s, waited for data %6 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waited for data %1 % of its step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The DataLoader with %1 workers: press Train and watch how long each lane waits for its data, then Sweep workers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose at least one lane to sweep.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweeping the workers: each lane trains %1 steps with %2 workers in turn…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweep cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweep done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rank sweep is running: stop it first, or the two would share the cores.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3: loss %4, %5 samples/s, all-reduce %6 ms of a %7 ms step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ranks, the all-reduce took %2 % of its step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No rank count to sweep on this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweeping the ranks: the DDP lane trains %1 steps on %2 ranks in turn; each run starts its processes afresh…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank sweep cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank sweep done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>median step %1 ms, %2× the %3 lane&apos;s %4 ms: what Python costs a step</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::TransferLab</name>
    <message>
        <source>Choose at least one size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every size must be at least 1 byte (got %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The device “%1” is not available here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 would not fit on %2 (%3 free).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 twice would not fit in the free host memory (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The transfer lab is already running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The minimum run time must be between 0 and 60 seconds.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::TransferLabPanel</name>
    <message>
        <source>pinned host memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>non_blocking=True</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moving ingredients to the workbench costs time: every copy pays a fixed latency (the flat left end), then the link&apos;s bandwidth (the right end). Pinned (page-locked) host memory lets the GPU copy directly, without an extra staging copy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU here, so this measures host memory copies (memcpy bandwidth). A GPU would add a PCIe or NVLink hop with a latency of microseconds per copy, and pinned memory would matter: pageable memory is staged through a pinned buffer first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;The transfer lab&lt;/h3&gt;How fast do ingredients move?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes per copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measuring…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2: %3 GB/s (%4 µs per copy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mea&amp;sure</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::ValuesDialog</name>
    <message>
        <source>Values of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing %1 × %2 of %3 × %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::WatchController</name>
    <message>
        <source>A program (pid %1) was not let in: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Programs cannot be watched live: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watching %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the recording %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a recording Tensor Kitchen can play: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a recording</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watch recordings (*.tkwatch);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tensorkitchen package is not installed beside this app.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The app is not listening for programs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not start %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started %1 under the watcher (pid %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run a script and watch it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python scripts (*.py);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at its own pace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>4× faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as fast as possible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play the recording</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This tab&apos;s program is gone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a program&apos;s tab first (a watched program or a recording): its timeline is what is exported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chrome trace for Perfetto or chrome://tracing (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved the timeline to %1: open it in ui.perfetto.dev or chrome://tracing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Programs that ended, folded away so that the tabs stay readable: pick one to open its tab again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watching %1 in a tab of its own (marked until you look at it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n ended programs</source>
        <translation>
            <numerusform>%n ended program</numerusform>
            <numerusform>%n ended programs</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ended (exit code %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ended.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run a script and watch…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open re&amp;cording…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xport timeline (Perfetto)…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::WatchFindings</name>
    <message>
        <source>Each step waits %1 % of its time for the DataLoader</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over %1 steps the loop waited %2 ms of its %3 ms step for the next batch (num_workers=%4, pin_memory=%5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Let worker processes prepare the next batches while the model computes: with enough workers the wait hides behind the step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>non_blocking=True copies from pageable memory: they do not overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n copies to the GPU here asked for non_blocking=True from memory that is not pinned; such a copy waits until it is done.</source>
        <translation>
            <numerusform>%n copy to the GPU here asked for non_blocking=True from memory that is not pinned; such a copy waits until it is done.</numerusform>
            <numerusform>%n copies to the GPU here asked for non_blocking=True from memory that is not pinned; such a copy waits until it is done.</numerusform>
        </translation>
    </message>
    <message>
        <source>measured (CUDA events), per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is moved to %2 in every step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This line moved %1 from cpu to %2 in each of %3 steps, %4 a step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimated: meta moves no data; on a GPU each would be a real copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>If the whole dataset fits the device&apos;s memory, move it once before the loop and slice batches there: nothing crosses per step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model and the data are on different devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” raised: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the program stopped here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move both to the same device before they meet: the model once, each batch as it comes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pin_memory() copies a batch in every step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This line pinned a tensor in each of %1 steps, %2 ms a step: each call copies the batch into new pinned memory before it can be sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Let the DataLoader pin the batches: with pin_memory=True and workers it pins them beside the loop, not on its time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pin_memory=True with num_workers=0 pins on the loop&apos;s time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The DataLoader pinned each batch in the main process (num_workers=0): the loop waited %1 ms a step over %2 steps for batches, the pinning copy included.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured: the wait for each batch, of which the pinning is a part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 waits for the GPU in every step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in every step would wait for a GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 lines read values back from tensors in the step loop, %2 times over %3 steps; this one (%4) in %5 of them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This line (%1) read a value back from a tensor %2 times over %3 steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured: the host&apos;s wait in these calls, per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimated: on the CPU nothing waits; on a GPU each call waits for all the work queued before it (not measurable without one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep values on the device inside the loop and read them back now and then: every read makes the host wait until the device has finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU sits idle %1 % of each step, waiting for the host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over %1 steps the GPU had nothing to do for %2 ms of each %3 ms step (CUDA events, on its own clock) until this line gave it work.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The loop waited %1 ms a step for the DataLoader.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host&apos;s own work between steps (preparing the batch in the loop, Python, reading values back) keeps the GPU waiting. Move the preparation into a Dataset, whose DataLoader workers run it beside the loop, or give the GPU more work per step (a larger batch, as its memory allows).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs a GPU: this run had none (the GPU&apos;s idle time is measured with CUDA events)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no optimizer step yet: the GPU&apos;s idle time is measured between steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not measured: no step&apos;s work was queued on a GPU (the optimizer&apos;s parameters on a CUDA device, then a copy to it or a module call)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole dataset is %1; %2 has %3 free.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole dataset is %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not measured: the ranks of tensorkitchen.replicas time their own steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the DataLoader workers: its pin-memory thread then pins each batch beside the loop, while the GPU computes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU finishes before the next batch is ready: the CPU&apos;s data loading is the bottleneck. Let DataLoader workers prepare batches, and its pin-memory thread pin them, while the GPU computes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pin the batches (DataLoader(pin_memory=True) does it: with workers in a pin-memory thread of the main process, without them in the loop) so that the copy can run while the GPU computes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its result&apos;s size depends on the tensor&apos;s values, so the host waits for the device to learn it. Use an op whose result has a size known beforehand, or give the size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Python if (or while, and, or) on a tensor reads its value back. Keep the comparison on the device and branch on it now and then.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 keeps every step&apos;s autograd graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 carries autograd history: its graph grew from %2 to %3 nodes over %4 steps, each step&apos;s graph chained to the last, none freed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured: %1 memory grew %2 a step meanwhile (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the process&apos;s resident memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allocated by PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured: %1 memory did not grow meanwhile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory growth not measured: too few memory samples while it grew</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Don&apos;t accumulate history across your training loop: add the loss&apos;s value (loss.item()) or the loss cut from its graph (loss.detach()), not the loss itself, or memory grows every step until it runs out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 memory grows %2 a step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 grew the most: from %2 to %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured; at this rate %1 is full at step %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something keeps a little more every step: a tensor grown with torch.cat in the loop, a list of outputs or losses that keep their graphs, a cache that never empties. Keep numbers (.item()) or detached tensors, or bound what you keep.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From step %1 to step %2 it grew from %3 to %4, about %6 a step (the median over its %5 samples).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::WatchPlace</name>
    <message>
        <source>cell [%1]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::WatchReplay</name>
    <message>
        <source>There is no file %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a recording: it is not a file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the first %1 of the recording were replayed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::WatchServer</name>
    <message>
        <source>Cannot make the folder %1 for the watch socket: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder %1 for the watch socket is not a folder of yours: Tensor Kitchen does not listen there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot make the folder %1 private: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exists and is not a socket: Tensor Kitchen does not replace it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another Tensor Kitchen already watches programs at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot listen at %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 programs are watched already; this one was turned away.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The system did not say which process connected: refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A process of another user (uid %1) tried to connect: refused.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::WatchedProgram</name>
    <message>
        <source>The stream ended before the program said hello: it is not a Tensor Kitchen watch stream, or it is empty or damaged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first message was “%1”, not a hello: this is not a watch stream that Tensor Kitchen can read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The program said hello a second time: a stream has one hello, so this one is refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hello names process %1, but the connection comes from process %2: one program cannot speak for another.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The program sent more than %1 MiB of distinct names and paths: new ones are shown as “…” from here on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The program speaks version %1 of the watch protocol; this Tensor Kitchen reads version %2. Use the tensorkitchen package that came with this app.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::WorkerSweep</name>
    <message>
        <source>A sweep is already running.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tk::WorkerSweepChart</name>
    <message>
        <source>Does the device wait for data?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DataLoader workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device waited for data (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This machine has %1 hardware threads. The workers compete with the model for the same cores, so beyond %1 workers more of them stop helping. With 0 the training thread prepares every batch itself while the device waits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the DataLoader placement and press Sweep workers: each lane trains briefly with each number of workers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 hardware threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 with %2 workers: waited for data %3 % of the time, %4 samples/s; preparing took %5 s of CPU time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: waited for data %2 % with %3 workers, %4 % at least (%5 workers)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
