<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko_KR">
<context>
    <name>BenchCli</name>
    <message>
        <source>Unknown command “%1”.</source>
        <translation>알 수 없는 명령 “%1”입니다.</translation>
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
        <translation>사용법: tensor-kitchen-bench &lt;명령&gt; [옵션]

명령:
  devices   장치 목록과 이 LibTorch의 빌드 정보
  matmul    여러 크기에서 A @ B의 시간을 잽니다 (torch.utils.benchmark 방식)
  train     두 나선 데이터로 MLP를 학습하고 스텝 시간을 잽니다 (--placement ddp: 프로세스 N개)
  transfer  크기에 따른 복사 대역폭 (호스트↔장치, 페이징 가능/고정(pinned) 메모리)
  stress    카드를 여러 번 만들고 지운 뒤 상주 메모리를 비교합니다
  load      .pt 파일이 만드는 카드, 또는 거부하는 이유
  run       콘솔 엔진으로 PyTorch 스크립트 실행: 남은 카드, 이동, 오류
  watch     PyTorch 프로그램 지켜보기(또는 기록 파일 재생): 이동, 오류, 메모리

각 명령의 옵션은 tensor-kitchen-bench &lt;명령&gt; --help 로 봅니다.
</translation>
    </message>
    <message>
        <source>Unknown format “%1”: use %2.</source>
        <translation>알 수 없는 형식 “%1”입니다. %2 중 하나를 쓰세요.</translation>
    </message>
    <message>
        <source>Lists the devices LibTorch can use here.</source>
        <translation>이 PC에서 LibTorch가 쓸 수 있는 장치를 나열합니다.</translation>
    </message>
    <message>
        <source>json or text (default).</source>
        <translation>json 또는 text(기본값).</translation>
    </message>
    <message>
        <source>Include the meta device.</source>
        <translation>meta 장치도 포함합니다.</translation>
    </message>
    <message>
        <source>LibTorch %1, %2</source>
        <translation>LibTorch %1, %2</translation>
    </message>
    <message>
        <source>CUDA build (CUDA %1)</source>
        <translation>CUDA 빌드 (CUDA %1)</translation>
    </message>
    <message>
        <source>CPU-only build</source>
        <translation>CPU 전용 빌드</translation>
    </message>
    <message>
        <source>BLAS: %1</source>
        <translation>BLAS: %1</translation>
    </message>
    <message>
        <source>device = &quot;cuda&quot; if torch.cuda.is_available() else &quot;cpu&quot;  →  %1</source>
        <translation>device = &quot;cuda&quot; if torch.cuda.is_available() else &quot;cpu&quot;  →  %1</translation>
    </message>
    <message>
        <source>No GPU: %1</source>
        <translation>GPU 없음: %1</translation>
    </message>
    <message>
        <source>%1 threads in use of %2</source>
        <translation>스레드 %2개 중 %1개 사용</translation>
    </message>
    <message>
        <source>compute capability %1</source>
        <translation>연산 능력(compute capability) %1</translation>
    </message>
    <message>
        <source>memory %1 free of %2</source>
        <translation>메모리 %2 중 %1 여유</translation>
    </message>
    <message>
        <source>Lists the cards a .pt or .safetensors file makes, as File → Load would.</source>
        <translation>.pt 또는 .safetensors 파일이 만드는 카드를 파일 → 불러오기처럼 나열합니다.</translation>
    </message>
    <message>
        <source>Where the cards go (default cpu).</source>
        <translation>카드를 둘 장치 (기본값 cpu).</translation>
    </message>
    <message>
        <source>Also measure the load: its seconds and its peak memory above the process&apos;s baseline (bench/load-vs-pytorch.sh compares them with torch.load).</source>
        <translation>불러오기도 측정합니다: 걸린 시간(초)과 프로세스 기준선보다 늘어난 최대 메모리(bench/load-vs-pytorch.sh가 torch.load와 비교합니다).</translation>
    </message>
    <message>
        <source>Name one file: tensor-kitchen-bench load FILE.</source>
        <translation>파일 하나를 지정하세요: tensor-kitchen-bench load FILE.</translation>
    </message>
    <message>
        <source>Loaded in %1 s (reading %2 s), statistics %3 s after</source>
        <translation>%1초에 불러옴 (읽기 %2초), 통계는 그 뒤 %3초</translation>
    </message>
    <message>
        <source>, peak %1 MiB above the baseline</source>
        <translation>, 최대 메모리는 기준선보다 %1 MiB 많음</translation>
    </message>
    <message>
        <source>Times A @ B (N×N) on each device over a sweep of N.</source>
        <translation>여러 N에 걸쳐 장치마다 A @ B (N×N)의 시간을 잽니다.</translation>
    </message>
    <message>
        <source>Comma-separated devices (default cpu).</source>
        <translation>쉼표로 구분한 장치 목록(기본값 cpu).</translation>
    </message>
    <message>
        <source>Comma-separated N (default 64…2048).</source>
        <translation>쉼표로 구분한 N 목록(기본값 64…2048).</translation>
    </message>
    <message>
        <source>float32, float64, float16, bfloat16.</source>
        <translation>float32, float64, float16, bfloat16 중 하나.</translation>
    </message>
    <message>
        <source>CPU threads (default: all cores).</source>
        <translation>CPU 스레드 수(기본값: 모든 코어).</translation>
    </message>
    <message>
        <source>Seconds of timed blocks per point (default 0.2).</source>
        <translation>측정점마다 시간을 재는 블록들에 쓰는 총 시간(기본값 0.2초).</translation>
    </message>
    <message>
        <source>compute, end-to-end or naive (GPU lanes; the CPU has no copies).</source>
        <translation>compute, end-to-end 또는 naive(GPU 레인용이며, CPU에는 복사가 없습니다).</translation>
    </message>
    <message>
        <source>libtorch (default: at::matmul in this process), python (`a @ b` timed by torch.utils.benchmark in the Python interpreter), or libtorch,python: a lane of each per device, interleaved.</source>
        <translation>libtorch(기본값: 이 프로세스 안의 at::matmul), python(Python 인터프리터에서 torch.utils.benchmark로 잰 `a @ b`), 또는 libtorch,python: 장치마다 두 레인을 번갈아 잽니다.</translation>
    </message>
    <message>
        <source>json, csv or text (default).</source>
        <translation>json, csv 또는 text(기본값).</translation>
    </message>
    <message>
        <source>Unknown mode “%1”: use compute, end-to-end or naive.</source>
        <translation>알 수 없는 모드 “%1”입니다. compute, end-to-end 또는 naive를 쓰세요.</translation>
    </message>
    <message>
        <source>--threads takes a whole number, not “%1”.</source>
        <translation>--threads에는 정수를 주어야 합니다. “%1”은(는) 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>--min-run-time takes seconds, not “%1”.</source>
        <translation>--min-run-time에는 초 단위 숫자를 주어야 합니다. “%1”은(는) 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>“%1” is not a size N.</source>
        <translation>“%1”은(는) 크기 N으로 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>--engine takes libtorch, python or both, not “%1”.</source>
        <translation>--engine에는 “%1”이(가) 아니라 libtorch, python 또는 둘 다를 주세요.</translation>
    </message>
    <message>
        <source>--engine takes libtorch, python or both.</source>
        <translation>--engine에는 libtorch, python 또는 둘 다를 주세요.</translation>
    </message>
    <message>
        <source>Python PyTorch %1: autograd and torch.optim (%2)</source>
        <translation>Python PyTorch %1: autograd와 torch.optim (%2)</translation>
    </message>
    <message>
        <source>implementation not known</source>
        <translation>구현 방식은 알 수 없음</translation>
    </message>
    <message>
        <source>%1: all-reduce %2 ms a step (%3 % of it), %4 bytes per rank; median step per rank %5 ms</source>
        <translation>%1: 스텝마다 all-reduce %2 ms (스텝의 %3 %), 랭크마다 %4바이트, 랭크별 스텝 시간 중앙값 %5 ms</translation>
    </message>
    <message>
        <source>ranks  samples/s  step ms  all-reduce ms  all-reduce share  final loss</source>
        <translation>랭크  샘플/초  스텝 ms  all-reduce ms  all-reduce 비율  최종 손실</translation>
    </message>
    <message>
        <source>Runs a PyTorch script through the console&apos;s engine and lists the cards it leaves, its moves and its error.</source>
        <translation>콘솔 엔진으로 PyTorch 스크립트를 실행하고, 남은 카드와 이동, 오류를 나열합니다.</translation>
    </message>
    <message>
        <source>The .py file to run.</source>
        <translation>실행할 .py 파일.</translation>
    </message>
    <message>
        <source>Name one script: tensor-kitchen-bench run SCRIPT.py.</source>
        <translation>스크립트 하나를 지정하세요: tensor-kitchen-bench run SCRIPT.py.</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 파일을 읽을 수 없습니다: %2</translation>
    </message>
    <message>
        <source>Creates, moves and deletes cards in a loop and reports resident memory.</source>
        <translation>카드를 만들고 옮기고 지우기를 되풀이한 뒤 상주 메모리를 알려 줍니다.</translation>
    </message>
    <message>
        <source>Create/delete cycles (default 10000).</source>
        <translation>만들기/지우기 횟수(기본값 10000).</translation>
    </message>
    <message>
        <source>Shape of each card (default 256,256).</source>
        <translation>카드마다의 모양(기본값 256,256).</translation>
    </message>
    <message>
        <source>--cycles takes a positive whole number.</source>
        <translation>--cycles에는 양의 정수를 주어야 합니다.</translation>
    </message>
    <message>
        <source>Trains the race&apos;s MLP on the two spirals on one device.</source>
        <translation>경주에 쓰는 MLP를 한 장치에서 두 나선 데이터로 학습합니다.</translation>
    </message>
    <message>
        <source>cpu or cuda:N (default cpu).</source>
        <translation>cpu 또는 cuda:N(기본값 cpu).</translation>
    </message>
    <message>
        <source>Hidden units per layer.</source>
        <translation>층마다 은닉 유닛 수.</translation>
    </message>
    <message>
        <source>Hidden layers.</source>
        <translation>은닉층 수.</translation>
    </message>
    <message>
        <source>Batch size.</source>
        <translation>배치 크기.</translation>
    </message>
    <message>
        <source>Optimisation steps.</source>
        <translation>최적화 스텝 수.</translation>
    </message>
    <message>
        <source>Seed for data and weights.</source>
        <translation>데이터와 가중치의 시드.</translation>
    </message>
    <message>
        <source>Learning rate.</source>
        <translation>학습률.</translation>
    </message>
    <message>
        <source>sgd or adam.</source>
        <translation>sgd 또는 adam.</translation>
    </message>
    <message>
        <source>per-batch, preload, pinned, dataloader, or ddp (N Python processes with DistributedDataParallel, tensorkitchen.replicas).</source>
        <translation>per-batch, preload, pinned, dataloader 또는 ddp (DistributedDataParallel로 학습하는 Python 프로세스 N개, tensorkitchen.replicas).</translation>
    </message>
    <message>
        <source>DDP ranks, 1 to 8 on the CPU (ddp placement).</source>
        <translation>DDP 랭크 수, CPU에서 1~8 (ddp 방식).</translation>
    </message>
    <message>
        <source>Runs the DDP lane once per number of ranks in this comma-separated list, e.g. 1,2,3,4, and prints the points.</source>
        <translation>쉼표로 구분한 목록(예: 1,2,3,4)의 랭크 수마다 DDP 레인을 한 번씩 돌리고 측정점을 출력합니다.</translation>
    </message>
    <message>
        <source>DataLoader worker threads (dataloader placement).</source>
        <translation>DataLoader 작업자(스레드) 수 (dataloader 방식).</translation>
    </message>
    <message>
        <source>Blur passes per sample: the CPU cost of preparing one (dataloader placement).</source>
        <translation>샘플당 블러 횟수: 샘플 하나를 준비하는 CPU 비용 (dataloader 방식).</translation>
    </message>
    <message>
        <source>Page-locked batches, copied with non_blocking=True (dataloader placement, CUDA).</source>
        <translation>배치를 고정(pinned) 메모리에 두고 non_blocking=True로 복사합니다 (dataloader 방식, CUDA).</translation>
    </message>
    <message>
        <source>Dataset size.</source>
        <translation>데이터셋 크기.</translation>
    </message>
    <message>
        <source>libtorch (default: LibTorch C++ in this process, autograd and torch::optim) or python (the same training in a Python process with PyTorch, per-batch placement).</source>
        <translation>libtorch(기본값: 이 프로세스 안의 LibTorch C++, autograd와 torch::optim) 또는 python(같은 학습을 PyTorch가 있는 Python 프로세스에서, 배치마다 옮기기).</translation>
    </message>
    <message>
        <source>--%1 takes a whole number from %2 to %3, not “%4”.</source>
        <translation>--%1에는 %2부터 %3까지의 정수를 주어야 합니다. “%4”은(는) 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>--seed takes a whole number, not “%1”.</source>
        <translation>--seed에는 정수를 주어야 합니다. “%1”은(는) 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>--lr takes a positive number, not “%1”.</source>
        <translation>--lr에는 양수를 주어야 합니다. “%1”은(는) 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>--engine takes libtorch or python, not “%1”.</source>
        <translation>--engine에는 libtorch 또는 python을 주어야 합니다. “%1”은(는) 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>--engine python trains with per-batch placement in one process; DDP runs Python already (--placement ddp).</source>
        <translation>--engine python은 프로세스 하나에서 배치마다 옮기며 학습합니다. DDP는 이미 Python으로 돌아갑니다(--placement ddp).</translation>
    </message>
    <message>
        <source>--sweep-ranks takes whole numbers separated by commas, such as 1,2,3,4, not “%1”.</source>
        <translation>--sweep-ranks에는 1,2,3,4처럼 쉼표로 구분한 정수를 주세요. “%1”은(는) 안 됩니다.</translation>
    </message>
    <message>
        <source>Unknown placement “%1”: use per-batch, preload, pinned, dataloader or ddp.</source>
        <translation>알 수 없는 데이터 위치 방식 “%1”입니다. per-batch, preload, pinned, dataloader 또는 ddp를 쓰세요.</translation>
    </message>
    <message>
        <source>The Python lane runs on cpu or cuda, not “%1”.</source>
        <translation>Python 레인은 cpu 또는 cuda에서만 돌아갑니다. “%1”은(는) 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>A DDP lane runs on cpu or cuda, not “%1”.</source>
        <translation>DDP 레인은 cpu나 cuda에서 돌아갑니다. “%1”에서는 안 됩니다.</translation>
    </message>
    <message>
        <source>The device “%1” is not available here.</source>
        <translation>“%1” 장치는 여기서 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>DataLoader with num_workers=%1, %2 blur passes per sample: the device waited for data %3 % of the time; preparing took %4 s of CPU time</source>
        <translation>DataLoader(num_workers=%1), 샘플당 블러 %2회: 장치가 전체 시간의 %3 % 동안 데이터를 기다렸고, 준비에 CPU 시간 %4초가 들었습니다</translation>
    </message>
    <message>
        <source>%1 on %2: loss %3 → %4 in %5 steps; median step %6 ms, %7 samples/s</source>
        <translation>%2에서 %1: %5 스텝 동안 손실 %3 → %4, 스텝 시간 중앙값 %6 ms, %7 샘플/초</translation>
    </message>
    <message>
        <source>Copy bandwidth against size. Without a GPU: host memory copies.</source>
        <translation>크기에 따른 복사 대역폭을 잽니다. GPU가 없으면 호스트 메모리 복사를 잽니다.</translation>
    </message>
    <message>
        <source>Comma-separated cuda:N (default: every GPU, or the host).</source>
        <translation>쉼표로 구분한 cuda:N 목록(기본값: 모든 GPU, GPU가 없으면 호스트).</translation>
    </message>
    <message>
        <source>Comma-separated byte counts; K, M, G suffixes allowed.</source>
        <translation>쉼표로 구분한 바이트 수. K, M, G 접미사를 쓸 수 있습니다.</translation>
    </message>
    <message>
        <source>Seconds per point (default 0.05).</source>
        <translation>측정점마다 쓰는 시간(기본값 0.05초).</translation>
    </message>
    <message>
        <source>“%1” is not a size in bytes.</source>
        <translation>“%1”은(는) 바이트 크기로 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>Watches PyTorch programs run under `python3 -m tensorkitchen` (or replays a recording of one) and prints what they did: moves, errors, steps, peak memory per device.</source>
        <translation>`python3 -m tensorkitchen`으로 실행한 PyTorch 프로그램을 지켜보고(또는 그 기록 파일을 재생하고), 프로그램이 한 일을 출력합니다: 이동, 오류, 스텝, 장치별 최대 메모리.</translation>
    </message>
    <message>
        <source>Listen on the watch socket.</source>
        <translation>감시 소켓에서 수신 대기합니다.</translation>
    </message>
    <message>
        <source>The socket&apos;s path (default: as the app, %1).</source>
        <translation>소켓 경로(기본값: 앱과 같은 %1).</translation>
    </message>
    <message>
        <source>Seconds to listen at most (default 300).</source>
        <translation>수신 대기할 최대 시간(기본값 300초).</translation>
    </message>
    <message>
        <source>Stop after this many programs ended (default 1).</source>
        <translation>프로그램이 이 개수만큼 끝나면 중지합니다(기본값 1).</translation>
    </message>
    <message>
        <source>Replay a recording (.tkwatch); with --format trace, once per rank.</source>
        <translation>기록 파일(.tkwatch)을 재생합니다. --format trace에서는 랭크마다 한 번씩 주세요.</translation>
    </message>
    <message>
        <source>Replay speed: 1 the recording&apos;s pace, 4 four times faster, 0 as fast as possible (default 0).</source>
        <translation>재생 속도: 1은 기록된 속도, 4는 네 배 빠르게, 0은 가능한 한 빠르게(기본값 0).</translation>
    </message>
    <message>
        <source>json, text (default), or trace: Chrome trace JSON for Perfetto and chrome://tracing (with --replay, one or more recordings).</source>
        <translation>json, text(기본값) 또는 trace: Perfetto와 chrome://tracing이 여는 Chrome trace JSON(--replay와 함께, 기록 파일 하나 이상).</translation>
    </message>
    <message>
        <source>Say --listen or --replay FILE (one of them).</source>
        <translation>--listen 또는 --replay FILE 중 하나를 지정하세요.</translation>
    </message>
    <message>
        <source>--timeout takes seconds (more than 0), not “%1”.</source>
        <translation>--timeout에는 0보다 큰 초 단위 숫자를 주어야 합니다. “%1”은(는) 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>--programs takes a number from 1 to %1, not “%2”.</source>
        <translation>--programs에는 1부터 %1까지의 숫자를 주어야 합니다. “%2”은(는) 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>--speed takes a factor (0 for as fast as possible), not “%1”.</source>
        <translation>--speed에는 배율을 주어야 합니다(0은 가능한 한 빠르게). “%1”은(는) 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>Unexpected argument “%1”.</source>
        <translation>예상하지 못한 인수 “%1”입니다.</translation>
    </message>
    <message>
        <source>Listening at %1</source>
        <translation>%1에서 수신 대기 중</translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation>거부됨: %1</translation>
    </message>
    <message>
        <source>The time ran out before every program asked for (%1) ended.</source>
        <translation>요청한 프로그램(%1개)이 모두 끝나기 전에 시간이 다 되었습니다.</translation>
    </message>
    <message>
        <source>--format trace takes recordings: --replay FILE, as many as the job has.</source>
        <translation>--format trace에는 기록 파일을 주세요: 분산 실행의 랭크 수만큼 --replay FILE.</translation>
    </message>
    <message>
        <source>%1 events were left out: a trace holds at most %2.</source>
        <translation>이벤트 %1개를 뺐습니다. 트레이스 하나에는 최대 %2개가 들어갑니다.</translation>
    </message>
    <message>
        <source>%1 (pid %2), torch %3, devices %4: %5</source>
        <translation>%1 (pid %2), torch %3, 장치 %4: %5</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>time not known</source>
        <translation>시간 알 수 없음</translation>
    </message>
    <message>
        <source>%1 steps, %2 data waits</source>
        <translation>스텝 %1개, 데이터 대기 %2회</translation>
    </message>
    <message>
        <source>peak %1: %2</source>
        <translation>%1 최대 사용량: %2</translation>
    </message>
    <message>
        <source>lost: %1 malformed, %2 oversized, %3 unknown, %4 dropped by the watcher</source>
        <translation>유실: 형식 오류 %1개, 크기 초과 %2개, 알 수 없는 유형 %3개, 감시 도구가 버린 것 %4개</translation>
    </message>
    <message>
        <source>%1: too large to look for findings; the timeline is complete.</source>
        <translation>%1: 너무 커서 발견 사항은 찾지 않았습니다. 타임라인은 모두 있습니다.</translation>
    </message>
    <message>
        <source>finding %1 at %2: %3</source>
        <translation>발견 사항 %1 (%2): %3</translation>
    </message>
    <message>
        <source>not checked %1: %2</source>
        <translation>확인하지 못함 %1: %2</translation>
    </message>
    <message>
        <source>A port on 127.0.0.1 held for the run, naming its group, 0 for a free one; the ranks meet through a FileStore and nothing listens on it (ddp placement).</source>
        <translation>실행하는 동안 잡아 두는 127.0.0.1의 포트로, 그룹의 이름으로 쓰입니다. 0이면 빈 포트를 씁니다. 랭크들은 FileStore로 만나므로 이 포트에서 수신 대기하는 것은 없습니다(ddp 방식).</translation>
    </message>
    <message>
        <source>Could not write the trace: %1</source>
        <translation>트레이스를 쓰지 못했습니다: %1</translation>
    </message>
</context>
<context>
    <name>BuildFacts</name>
    <message>
        <source>This LibTorch was built without CUDA (a CPU-only build), so torch.cuda.is_available() is False even on a PC with an NVIDIA GPU. Install the CUDA build of LibTorch/PyTorch to use the GPU.</source>
        <translation>이 LibTorch는 CUDA 없이 빌드되었습니다(CPU 전용 빌드). 그래서 NVIDIA GPU가 있는 PC에서도 torch.cuda.is_available()이 False입니다. GPU를 쓰려면 CUDA 빌드 LibTorch/PyTorch를 설치하세요.</translation>
    </message>
    <message>
        <source>This LibTorch supports CUDA, but no GPU was found: check the NVIDIA driver (nvidia-smi) and CUDA_VISIBLE_DEVICES.</source>
        <translation>이 LibTorch는 CUDA를 지원하지만 GPU를 찾지 못했습니다. NVIDIA 드라이버(nvidia-smi)와 CUDA_VISIBLE_DEVICES를 확인하세요.</translation>
    </message>
</context>
<context>
    <name>CardFileFormats</name>
    <message>
        <source>Tensor Kitchen does not write %1.</source>
        <translation>Tensor Kitchen은 %1 형식으로 저장하지 않습니다.</translation>
    </message>
</context>
<context>
    <name>CodeLog</name>
    <message>
        <source># The lines read from a session file are comments: a session file is text anyone can edit, so its lines are not run as they are. Read them before you uncomment any.</source>
        <translation># 세션 파일에서 읽은 줄은 주석입니다. 세션 파일은 누구나 고칠 수 있는 텍스트라서 그 줄을 그대로 실행하지 않습니다. 주석을 풀기 전에 먼저 읽어 보세요.</translation>
    </message>
</context>
<context>
    <name>DataParallelLane</name>
    <message>
        <source>DataParallel · %1</source>
        <translation>DataParallel · %1</translation>
    </message>
</context>
<context>
    <name>DdpLane</name>
    <message>
        <source>DDP × %1 · %2</source>
        <translation>DDP × %1 · %2</translation>
    </message>
    <message>
        <source>DDP on %1 needs a GPU; this machine has none.</source>
        <translation>%1에서 DDP를 돌리려면 GPU가 필요한데, 이 PC에는 없습니다.</translation>
    </message>
    <message>
        <source>DDP on %1 runs 1 to %2 ranks here, not %3.</source>
        <translation>여기서 %1의 DDP는 랭크 1~%2개로 돌릴 수 있습니다. %3개는 안 됩니다.</translation>
    </message>
    <message>
        <source>The global batch %1 does not split evenly over %2 ranks: use a multiple of %2 (%3 or %4).</source>
        <translation>전체 배치 %1은(는) 랭크 %2개로 똑같이 나누어지지 않습니다. %2의 배수(%3 또는 %4)를 쓰세요.</translation>
    </message>
</context>
<context>
    <name>DeviceRegistry</name>
    <message>
        <source>Meta device: shapes and dtypes, no data</source>
        <translation>meta 장치: 모양과 dtype만 있고 데이터는 없음</translation>
    </message>
</context>
<context>
    <name>DeviceReport</name>
    <message>
        <source>LibTorch %1 (%2)</source>
        <translation>LibTorch %1 (%2)</translation>
    </message>
    <message>
        <source>CUDA build</source>
        <translation>CUDA 빌드</translation>
    </message>
    <message>
        <source>CPU-only build</source>
        <translation>CPU 전용 빌드</translation>
    </message>
    <message>
        <source>CUDA runtime %1 · driver %2 · cuDNN %3</source>
        <translation>CUDA 런타임 %1 · 드라이버 %2 · cuDNN %3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>없음</translation>
    </message>
    <message>
        <source>BLAS: %1</source>
        <translation>BLAS: %1</translation>
    </message>
    <message>
        <source>No GPU: %1</source>
        <translation>GPU 없음: %1</translation>
    </message>
    <message>
        <source>         %1 threads in use of %2 · %3 free of %4</source>
        <translation>         스레드 %2개 중 %1개 사용 · %4 중 %3 여유</translation>
    </message>
    <message>
        <source>         compute capability %1 · %2 free of %3 · allocator %4 allocated, %5 reserved</source>
        <translation>         연산 능력(compute capability) %1 · %3 중 %2 여유 · 할당자: %4 할당됨, %5 예약됨</translation>
    </message>
    <message>
        <source>Parallel info:</source>
        <translation>병렬 처리 정보:</translation>
    </message>
</context>
<context>
    <name>DeviceStyle</name>
    <message>
        <source>CPU counter</source>
        <translation>CPU 조리대</translation>
    </message>
    <message>
        <source>Meta shelf (shapes only)</source>
        <translation>meta 선반 (모양만)</translation>
    </message>
    <message>
        <source>GPU workbench</source>
        <translation>GPU 작업대</translation>
    </message>
    <message>
        <source>GPU workbench %1</source>
        <translation>GPU 작업대 %1</translation>
    </message>
</context>
<context>
    <name>LibTorchLane</name>
    <message>
        <source>cpu · 1 thread</source>
        <translation>cpu · 스레드 1개</translation>
    </message>
    <message>
        <source>cpu · %1 threads</source>
        <translation>cpu · 스레드 %1개</translation>
    </message>
    <message>
        <source>The meta device has no values, so nothing can be learned there.</source>
        <translation>meta 장치에는 값이 없어서 아무것도 학습할 수 없습니다.</translation>
    </message>
    <message>
        <source>The device “%1” is not available here.</source>
        <translation>“%1” 장치는 여기서 쓸 수 없습니다.</translation>
    </message>
</context>
<context>
    <name>MachineLoad</name>
    <message>
        <source>Other programs were using %1 of %2 cores during this race: CPU times are slower than this machine can do.</source>
        <translation>이 경주 동안 다른 프로그램이 코어 %2개 중 %1개를 쓰고 있었습니다. 그래서 CPU 시간은 이 PC가 낼 수 있는 것보다 느립니다.</translation>
    </message>
</context>
<context>
    <name>MatmulBench</name>
    <message>
        <source>Choose at least one device to race.</source>
        <translation>경주할 장치를 하나 이상 고르세요.</translation>
    </message>
    <message>
        <source>Choose at least one size N.</source>
        <translation>크기 N을 하나 이상 고르세요.</translation>
    </message>
    <message>
        <source>Unknown dtype “%1”: the race takes float32, float64, float16 or bfloat16.</source>
        <translation>알 수 없는 dtype “%1”입니다. 경주에는 float32, float64, float16, bfloat16만 쓸 수 있습니다.</translation>
    </message>
    <message>
        <source>The minimum run time must be between 0 and 60 seconds (got %1).</source>
        <translation>최소 실행 시간은 0초에서 60초 사이여야 합니다(입력값 %1).</translation>
    </message>
    <message>
        <source>Every N must be at least 1 (got %1).</source>
        <translation>모든 N은 1 이상이어야 합니다(입력값 %1).</translation>
    </message>
    <message>
        <source>N = %1 is beyond the race&apos;s limit of %2.</source>
        <translation>N = %1은(는) 경주의 한도(%2)를 넘습니다.</translation>
    </message>
    <message>
        <source>The device “%1” is not available here.%2</source>
        <translation>“%1” 장치는 여기서 쓸 수 없습니다.%2</translation>
    </message>
    <message>
        <source>Threads must be between 1 and %1 (got %2).</source>
        <translation>스레드 수는 1에서 %1 사이여야 합니다(입력값 %2).</translation>
    </message>
    <message>
        <source>N = %1 needs %2 on %3 but only %4 is free.</source>
        <translation>N = %1이면 %3에 %2의 메모리가 필요한데, 남은 메모리는 %4뿐입니다.</translation>
    </message>
    <message>
        <source>%1 cannot multiply %2 matrices here. LibTorch said: %3</source>
        <translation>%1에서는 %2 행렬을 곱할 수 없습니다. LibTorch의 메시지: %3</translation>
    </message>
</context>
<context>
    <name>MatmulLane</name>
    <message>
        <source> · 1 thread</source>
        <translation> · 스레드 1개</translation>
    </message>
    <message>
        <source> · %1 threads</source>
        <translation> · 스레드 %1개</translation>
    </message>
</context>
<context>
    <name>MatmulPythonLane</name>
    <message>
        <source>The Python lane needs the tensorkitchen package, which is not installed beside the app.</source>
        <translation>Python 레인에는 tensorkitchen 패키지가 필요한데, 이 패키지가 이 앱과 함께 설치되어 있지 않습니다.</translation>
    </message>
    <message>
        <source>%1: could not start %2: %3</source>
        <translation>%1: %2을(를) 시작할 수 없습니다: %3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: the Python lane did not answer as expected (%2).</source>
        <translation>%1: Python 레인이 예상대로 답하지 않았습니다(%2).</translation>
    </message>
    <message>
        <source>the Python lane stopped answering.</source>
        <translation>Python 레인이 더 이상 응답하지 않습니다.</translation>
    </message>
    <message>
        <source>Python exited with code %1.</source>
        <translation>Python이 종료 코드 %1(으)로 끝났습니다.</translation>
    </message>
    <message>
        <source>Python exited with code %1: %2</source>
        <translation>Python이 종료 코드 %1(으)로 끝났습니다: %2</translation>
    </message>
    <message>
        <source>the Python lane sent a line that is not a reply.</source>
        <translation>Python 레인이 답이 아닌 줄을 보냈습니다.</translation>
    </message>
    <message>
        <source>Python said: %1</source>
        <translation>Python의 메시지: %1</translation>
    </message>
    <message>
        <source>the Python lane&apos;s reply has no valid “%1”.</source>
        <translation>Python 레인의 답에 올바른 “%1”이(가) 없습니다.</translation>
    </message>
    <message>
        <source>the Python lane answered for another point.</source>
        <translation>Python 레인이 다른 측정점에 대해 답했습니다.</translation>
    </message>
    <message>
        <source>the Python lane measured no time.</source>
        <translation>Python 레인이 잰 시간이 없습니다.</translation>
    </message>
    <message>
        <source>%1: the Python lane is not running.</source>
        <translation>%1: Python 레인이 실행 중이 아닙니다.</translation>
    </message>
</context>
<context>
    <name>MatmulReport</name>
    <message>
        <source>Not a race file: %1</source>
        <translation>경주 파일이 아닙니다: %1</translation>
    </message>
    <message>
        <source>Not a race file: it has no results.</source>
        <translation>경주 파일이 아닙니다. 결과가 없습니다.</translation>
    </message>
    <message>
        <source>Unknown mode in race file.</source>
        <translation>경주 파일에 알 수 없는 모드가 있습니다.</translation>
    </message>
    <message>
        <source>Not a race CSV: the header differs.</source>
        <translation>경주 CSV가 아닙니다. 머리글이 다릅니다.</translation>
    </message>
    <message>
        <source>Line %1 has %2 fields, not %3.</source>
        <translation>%1번째 줄의 필드가 %3개가 아니라 %2개입니다.</translation>
    </message>
    <message>
        <source>Line %1: unknown mode “%2”.</source>
        <translation>%1번째 줄: 알 수 없는 모드 “%2”.</translation>
    </message>
    <message>
        <source>Unknown engine in race file.</source>
        <translation>경주 파일에 알 수 없는 엔진이 있습니다.</translation>
    </message>
    <message>
        <source>Line %1: unknown engine “%2”.</source>
        <translation>%1번째 줄: 알 수 없는 엔진 “%2”.</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1: at N = %2 Python&apos;s a @ b takes %3, C++&apos;s %4: %5 per call is Python&apos;s (%6×).</source>
        <translation>%1: N = %2에서 Python의 a @ b는 %3, C++는 %4 걸립니다. 호출마다 %5이(가) Python을 거치는 데 드는 비용입니다(%6×).</translation>
    </message>
    <message>
        <source>At N = %1 the ratio is %2× (Python %3, C++ %4).</source>
        <translation>N = %1에서는 비율이 %2×입니다(Python %3, C++ %4).</translation>
    </message>
</context>
<context>
    <name>MoveReport</name>
    <message>
        <source>%1.to(%2) moved the model in place in %3 ms: its parameters are now on %2, the same Parameter objects, and no copy was left behind on %4 — unlike a tensor&apos;s to().</source>
        <translation>%1.to(%2)가 모델을 제자리에서(in place) %3 ms 만에 옮겼습니다. 파라미터는 같은 Parameter 객체 그대로 이제 %2에 있고, %4에는 복사본이 남지 않았습니다. 텐서의 to()와 다른 점입니다.</translation>
    </message>
    <message>
        <source>%1 is already on %2: to() returned the same tensor, nothing was copied.</source>
        <translation>%1은(는) 이미 %2에 있습니다. to()는 같은 텐서를 돌려주었고, 아무것도 복사하지 않았습니다.</translation>
    </message>
    <message>
        <source>Copied %1 from %2 to %3 in %4 ms (%5 GB/s).</source>
        <translation>%1을(를) %2에서 %3에 복사했습니다. %4 ms 걸렸습니다(%5 GB/s).</translation>
    </message>
    <message>
        <source>No GPU here, so device = &quot;cuda&quot; if available else &quot;cpu&quot; gave cpu.</source>
        <translation>GPU가 없어서 device = &quot;cuda&quot; if available else &quot;cpu&quot;는 cpu가 되었습니다.</translation>
    </message>
    <message>
        <source>The old %1 on %2 was released.</source>
        <translation>%2에 있던 예전 %1은(는) 해제되었습니다.</translation>
    </message>
    <message>
        <source>The old storage is still held by another card.</source>
        <translation>예전 저장소는 다른 카드가 아직 쓰고 있습니다.</translation>
    </message>
    <message>
        <source>%1 and %2 both remain.</source>
        <translation>%1, %2 둘 다 남아 있습니다.</translation>
    </message>
    <message>
        <source>The result was not assigned, so the copy was dropped and %1 stayed on %2.</source>
        <translation>결과를 받아 두지 않아서 복사본은 버려졌고, %1은(는) 그대로 %2에 있습니다.</translation>
    </message>
    <message>
        <source>%1.to(%2) moved the model in place (its time is not known yet): its parameters are now on %2, and no copy was left behind on %3.</source>
        <translation>%1.to(%2)가 모델을 제자리에서(in place) 옮겼습니다(걸린 시간은 아직 알 수 없습니다). 파라미터는 이제 %2에 있고, %3에는 복사본이 남지 않았습니다.</translation>
    </message>
    <message>
        <source>Copied %1 from %2 to %3 (its time is not known yet).</source>
        <translation>%1을(를) %2에서 %3에 복사했습니다(걸린 시간은 아직 알 수 없습니다).</translation>
    </message>
    <message numerus="yes">
        <source>%n copies of %1 from %2 to %3: %4 in %5 ms (%6 GB/s).</source>
        <translation>
            <numerusform>%1을(를) %2에서 %3에 %n번 복사했습니다. 모두 %4, %5 ms 걸렸습니다(%6 GB/s).</numerusform>
        </translation>
    </message>
    <message>
        <source>a tensor</source>
        <translation>이름 없는 텐서</translation>
    </message>
    <message numerus="yes">
        <source>%n copies of %1 from %2 to %3: %4.</source>
        <translation>
            <numerusform>%1을(를) %2에서 %3에 %n번 복사했습니다. 모두 %4입니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>Made %1 on %2 from %3: shapes only, no data moved (%4 ms).</source>
        <translation>%3에서 %2에 %1을(를) 만들었습니다. 모양만 있을 뿐 데이터는 옮기지 않았습니다(%4 ms).</translation>
    </message>
    <message>
        <source>Made %1 on %2 from %3: shapes only, no data moved.</source>
        <translation>%3에서 %2에 %1을(를) 만들었습니다. 모양만 있을 뿐 데이터는 옮기지 않았습니다.</translation>
    </message>
    <message numerus="yes">
        <source>Made %1 on %2 from %3 %n times: shapes only, no data moved (%4 ms in all).</source>
        <translation>
            <numerusform>%3에서 %2에 %1을(를) %n번 만들었습니다. 모양만 있을 뿐 데이터는 옮기지 않았습니다(모두 %4 ms).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Made %1 on %2 from %3 %n times: shapes only, no data moved.</source>
        <translation>
            <numerusform>%3에서 %2에 %1을(를) %n번 만들었습니다. 모양만 있을 뿐 데이터는 옮기지 않았습니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1.to(%2) gave the model new parameters on %2, as Python does: shapes without values, in the same modules; the old ones on %3 were released. Optimizers made before still hold the old ones.</source>
        <translation>%1.to(%2): Python에서와 같이 모델이 %2에 새 파라미터를 받았습니다. 모양만 있고 값은 없으며, 모듈은 그대로입니다. %3에 있던 예전 파라미터는 해제되었습니다. 그 전에 만든 옵티마이저는 예전 파라미터를 계속 가리킵니다.</translation>
    </message>
    <message>
        <source>%1 needs no .to(): an optimizer works on the model&apos;s parameters wherever they are (its state, made at its first step, stays where it was made: move the model before stepping), and a loss without weights works wherever its inputs are.</source>
        <translation>%1에는 .to()가 필요 없습니다. 옵티마이저는 모델의 파라미터가 어디에 있든 그 자리에서 일합니다. 다만 첫 스텝에서 만든 상태는 만든 자리에 남으므로, 스텝을 밟기 전에 모델을 옮기세요. 가중치를 받지 않은 손실 함수는 입력이 있는 곳에서 계산됩니다.</translation>
    </message>
</context>
<context>
    <name>NumpyCards</name>
    <message>
        <source>it does not start as a .npy array does</source>
        <translation>파일의 시작이 .npy 배열과 다릅니다</translation>
    </message>
    <message>
        <source>it is .npy version %1, newer than Tensor Kitchen reads</source>
        <translation>.npy 버전 %1 파일이며, Tensor Kitchen이 읽는 버전보다 새롭습니다</translation>
    </message>
    <message>
        <source>it is cut short</source>
        <translation>파일이 잘렸습니다</translation>
    </message>
    <message>
        <source>it is a structured array (records of named fields), which is no tensor</source>
        <translation>구조화 배열(이름 있는 필드로 된 레코드)이며 텐서가 아닙니다</translation>
    </message>
    <message>
        <source>its header is damaged (%1)</source>
        <translation>헤더가 손상되었습니다(%1)</translation>
    </message>
    <message>
        <source>it holds Python objects (dtype=object), which np.load reads only with allow_pickle=True, running the pickle&apos;s code; Tensor Kitchen never does</source>
        <translation>Python 객체(dtype=object)가 들어 있습니다. np.load는 allow_pickle=True일 때만 이를 읽으며 그때 pickle의 코드를 실행합니다. Tensor Kitchen은 그렇게 하지 않습니다</translation>
    </message>
    <message>
        <source>it is an array of %1, which has no torch dtype</source>
        <translation>%1 배열이며, 맞는 torch dtype이 없습니다</translation>
    </message>
    <message>
        <source>numpy arrays</source>
        <translation>numpy 배열</translation>
    </message>
    <message>
        <source>it holds %1, which is not a .npy array</source>
        <translation>%1 항목이 들어 있는데, .npy 배열이 아닙니다</translation>
    </message>
    <message>
        <source>it was saved by np.savez_compressed, whose records Tensor Kitchen does not inflate. In Python, np.savez(&quot;%1&quot;, **np.load(&quot;%2&quot;)) writes the same arrays uncompressed</source>
        <translation>np.savez_compressed로 저장된 파일이며, Tensor Kitchen은 압축된 레코드를 풀지 않습니다. Python에서 np.savez(&quot;%1&quot;, **np.load(&quot;%2&quot;))를 실행하면 같은 배열을 압축 없이 저장합니다</translation>
    </message>
    <message>
        <source>its zip archive is damaged</source>
        <translation>zip 아카이브가 손상되었습니다</translation>
    </message>
    <message>
        <source>%1 is not a numpy array Tensor Kitchen can load: %2. Nothing was loaded.</source>
        <translation>%1은(는) Tensor Kitchen이 불러올 수 있는 numpy 배열이 아닙니다: %2. 아무것도 불러오지 않았습니다.</translation>
    </message>
    <message>
        <source>%1 is not a numpy archive Tensor Kitchen can load: its array %2: %3. Nothing was loaded.</source>
        <translation>%1은(는) Tensor Kitchen이 불러올 수 있는 numpy 아카이브가 아닙니다. 배열 %2: %3. 아무것도 불러오지 않았습니다.</translation>
    </message>
    <message>
        <source>%1 is not a numpy file Tensor Kitchen can load: it is damaged or cut short (%2). Nothing was loaded.</source>
        <translation>%1은(는) Tensor Kitchen이 불러올 수 있는 numpy 파일이 아닙니다. 손상되었거나 잘렸습니다(%2). 아무것도 불러오지 않았습니다.</translation>
    </message>
</context>
<context>
    <name>OpError</name>
    <message>
        <source>There is no file %1: it may have been moved, renamed or deleted.</source>
        <translation>%1 파일이 없습니다. 옮겨졌거나 이름이 바뀌었거나 삭제되었을 수 있습니다.</translation>
    </message>
    <message>
        <source>%1 is a folder, not a file.</source>
        <translation>%1은(는) 파일이 아니라 폴더입니다.</translation>
    </message>
    <message>
        <source>You are not allowed to read %1.</source>
        <translation>%1 파일을 읽을 권한이 없습니다.</translation>
    </message>
    <message>
        <source>%1 is not a Tensor Kitchen session, or it is damaged.</source>
        <translation>%1은(는) Tensor Kitchen 세션이 아니거나 손상되었습니다.</translation>
    </message>
    <message>
        <source>Tensor Kitchen cannot read tensors from %1: it is not a file torch.save wrote, or it is damaged.</source>
        <translation>Tensor Kitchen이 %1에서 텐서를 읽을 수 없습니다. torch.save로 저장한 파일이 아니거나 손상되었습니다.</translation>
    </message>
    <message>
        <source>%1 cannot be saved: the folder %2 does not exist.</source>
        <translation>%1 파일을 저장할 수 없습니다. %2 폴더가 없습니다.</translation>
    </message>
    <message>
        <source>%1 is read-only.</source>
        <translation>%1 파일은 읽기 전용입니다.</translation>
    </message>
    <message>
        <source>%1 cannot be saved: you are not allowed to write in the folder %2.</source>
        <translation>%1 파일을 저장할 수 없습니다. %2 폴더에 쓸 권한이 없습니다.</translation>
    </message>
    <message>
        <source>%1 could not be written: the disk may be full.</source>
        <translation>%1 파일을 쓸 수 없습니다. 디스크가 가득 찼을 수 있습니다.</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <extracomment>%1 and %2: two devices, &quot;cpu and meta&quot;</extracomment>
        <translation>%1와(과) %2</translation>
    </message>
    <message>
        <source>%1 takes tensors on %2. PyTorch let it through here, but on a GPU this line raises the device-mismatch error (&quot;Expected all tensors to be on the same device&quot;).</source>
        <extracomment>%1: the operation (@, linear, cat), %2: its devices, &quot;cpu and meta&quot;</extracomment>
        <translation>%1에 %2의 텐서가 함께 들어갑니다. 여기서는 PyTorch가 그냥 통과시켰지만, GPU에서는 이 줄이 장치 불일치 오류(&quot;Expected all tensors to be on the same device&quot;)를 냅니다.</translation>
    </message>
    <message>
        <source>Line %1: %2</source>
        <extracomment>%1: the console input&apos;s line number, %2: the note</extracomment>
        <translation>%1번째 줄: %2</translation>
    </message>
</context>
<context>
    <name>PythonCandidates</name>
    <message>
        <source>this app&apos;s build</source>
        <translation>이 앱이 빌드에 쓴 Python</translation>
    </message>
    <message>
        <source>active virtual environment</source>
        <translation>활성화된 가상 환경</translation>
    </message>
    <message>
        <source>active conda environment</source>
        <translation>활성화된 conda 환경</translation>
    </message>
    <message>
        <source>virtual environment %1</source>
        <translation>가상 환경 %1</translation>
    </message>
    <message>
        <source>%1 on the PATH</source>
        <translation>PATH의 %1</translation>
    </message>
    <message>
        <source>conda: base</source>
        <translation>conda: base</translation>
    </message>
    <message>
        <source>conda: %1</source>
        <translation>conda: %1</translation>
    </message>
    <message>
        <source>pyenv: %1</source>
        <translation>pyenv: %1</translation>
    </message>
</context>
<context>
    <name>PythonConsole</name>
    <message>
        <source>Python could not start: %1</source>
        <translation>Python을 시작할 수 없습니다: %1</translation>
    </message>
    <message>
        <source>Python would import torch from %1, not the torch at %2 that wraps this app&apos;s LibTorch: the console stays off rather than load a second LibTorch.</source>
        <translation>Python이 가져올 torch: %1. 이 앱의 LibTorch를 감싼 torch는 %2에 있습니다. LibTorch를 두 개 불러오지 않도록 콘솔을 끈 채로 둡니다.</translation>
    </message>
    <message>
        <source>nowhere</source>
        <translation>없음(Python이 torch를 찾지 못함)</translation>
    </message>
    <message>
        <source>Python&apos;s torch uses %1, this app %2: the console stays off rather than load a second LibTorch.</source>
        <translation>Python의 torch는 %1을(를), 이 앱은 %2을(를) 씁니다. LibTorch를 두 개 불러오지 않도록 콘솔을 끈 채로 둡니다.</translation>
    </message>
    <message>
        <source>Python&apos;s torch %1 is not the LibTorch %2 this app links.</source>
        <translation>Python의 torch %1은(는) 이 앱이 링크한 LibTorch %2와(과) 다릅니다.</translation>
    </message>
    <message>
        <source>Python %1 · torch %2 · the app&apos;s own LibTorch</source>
        <translation>Python %1 · torch %2 · 앱과 같은 LibTorch</translation>
    </message>
    <message>
        <source>Python could not import torch: %1</source>
        <translation>Python이 torch를 가져오지 못했습니다: %1</translation>
    </message>
    <message>
        <source>%1 · needs no .to(): it runs wherever its inputs are</source>
        <translation>%1 · .to() 필요 없음(입력이 있는 곳에서 계산됨)</translation>
    </message>
    <message>
        <source>Python starts with the first line you run.</source>
        <translation>첫 줄을 실행할 때 Python이 시작됩니다.</translation>
    </message>
    <message>
        <source>interrupted (Ctrl+C)</source>
        <translation>중단됨 (Ctrl+C)</translation>
    </message>
    <message>
        <source>a copy of %1</source>
        <translation>%1의 복사본</translation>
    </message>
    <message>
        <source>The console could not read what this line left: %1</source>
        <translation>이 줄이 남긴 것을 콘솔이 읽을 수 없습니다: %1</translation>
    </message>
    <message>
        <source>Values changed in place: not an undo step (undo keeps tensors, not copies of their values).</source>
        <translation>값이 제자리에서(in place) 바뀌었습니다. 실행 취소 단계가 아닙니다(실행 취소는 텐서를 간직할 뿐 값의 복사본은 간직하지 않습니다).</translation>
    </message>
    <message>
        <source>This build has no PyTorch console: there are no Python development files for %1 (python3-dev).</source>
        <translation>이 빌드에는 PyTorch 콘솔이 없습니다. %1의 Python 개발 파일(python3-dev)이 없기 때문입니다.</translation>
    </message>
    <message>
        <source>This build has no PyTorch console: %1 has no torch package (%2).</source>
        <translation>이 빌드에는 PyTorch 콘솔이 없습니다. %1에 torch 패키지가 없기 때문입니다(%2).</translation>
    </message>
    <message>
        <source>This build has no PyTorch console: there are no pybind11 headers (pybind11-dev).</source>
        <translation>이 빌드에는 PyTorch 콘솔이 없습니다. pybind11 헤더(pybind11-dev)가 없기 때문입니다.</translation>
    </message>
    <message>
        <source>This build has no PyTorch console: this LibTorch has no Python bindings (libtorch_python).</source>
        <translation>이 빌드에는 PyTorch 콘솔이 없습니다. 이 LibTorch에는 Python 바인딩(libtorch_python)이 없기 때문입니다.</translation>
    </message>
    <message>
        <source>This build has no PyTorch console: Python&apos;s torch %1 (%2) is not the LibTorch %3 this app links.</source>
        <translation>이 빌드에는 PyTorch 콘솔이 없습니다. Python의 torch %1(%2)이(가) 이 앱이 링크한 LibTorch %3와(과) 다르기 때문입니다.</translation>
    </message>
    <message>
        <source>This build has no PyTorch console: it was switched off (TK_PYTHON_CONSOLE=OFF).</source>
        <translation>이 빌드에는 PyTorch 콘솔이 없습니다. 빌드할 때 꺼 두었습니다(TK_PYTHON_CONSOLE=OFF).</translation>
    </message>
    <message>
        <source>This build has no PyTorch console.</source>
        <translation>이 빌드에는 PyTorch 콘솔이 없습니다.</translation>
    </message>
    <message numerus="yes">
        <source>%1(%2) · parameters: %n · made in the console · moves in place</source>
        <translation>
            <numerusform>%1(%2) · 파라미터 %n개 · 콘솔에서 만듦 · 제자리에서 옮겨짐</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · parameter tensors: %n · needs no .to(): it follows them</source>
        <translation>
            <numerusform>파라미터 텐서 %n개를 다루는 %1 · .to() 필요 없음(파라미터를 따라감)</numerusform>
        </translation>
    </message>
    <message>
        <source>The console&apos;s Python half (the tensorkitchen package) cannot be found: it is not installed with this app.</source>
        <translation>콘솔의 Python 부분(tensorkitchen 패키지)을 찾을 수 없습니다. 이 앱과 함께 설치되어 있지 않습니다.</translation>
    </message>
    <message>
        <source>The console&apos;s Python half (the tensorkitchen package in %1) could not be imported: %2</source>
        <translation>콘솔의 Python 부분(%1에 있는 tensorkitchen 패키지)을 가져올 수 없습니다: %2</translation>
    </message>
</context>
<context>
    <name>PythonLane</name>
    <message>
        <source>Python · %1</source>
        <translation>Python · %1</translation>
    </message>
    <message>
        <source>%1 needs a GPU; this machine has none.</source>
        <translation>%1에는 GPU가 필요한데, 이 PC에는 GPU가 없습니다.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Drag to pan, wheel to zoom, click a legend entry to hide its curve.</source>
        <translation>끌어서 이동하고, 휠로 확대·축소하고, 범례 항목을 누르면 그 곡선을 숨깁니다.</translation>
    </message>
</context>
<context>
    <name>ReplicaLane</name>
    <message>
        <source>A lane needs at least one step.</source>
        <translation>레인은 적어도 한 스텝은 학습해야 합니다.</translation>
    </message>
    <message>
        <source>The tensorkitchen package is not installed beside this app.</source>
        <translation>tensorkitchen 패키지가 이 앱과 함께 설치되어 있지 않습니다.</translation>
    </message>
</context>
<context>
    <name>ReplicaRun</name>
    <message>
        <source>it exited with code %1 and said nothing</source>
        <translation>종료 코드 %1(으)로 끝났고 아무 메시지도 남기지 않았습니다</translation>
    </message>
    <message>
        <source>Could not make a folder for the ranks&apos; socket: %1</source>
        <translation>랭크들의 소켓을 둘 폴더를 만들 수 없었습니다: %1</translation>
    </message>
    <message>
        <source>Could not listen for the ranks at %1: %2</source>
        <translation>%1에서 랭크들을 수신 대기할 수 없었습니다: %2</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>취소했습니다.</translation>
    </message>
    <message>
        <source>Only %1 of %2 ranks connected within %3 s.</source>
        <translation>%3초 안에 랭크 %2개 가운데 %1개만 연결되었습니다.</translation>
    </message>
    <message>
        <source>No step came from the ranks for %1 s.</source>
        <translation>%1초 동안 랭크들에게서 스텝이 오지 않았습니다.</translation>
    </message>
    <message>
        <source>%1: could not start %2: %3</source>
        <translation>%1: %2을(를) 시작할 수 없었습니다: %3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 실패: %2</translation>
    </message>
    <message>
        <source>%1: only %2 of %3 steps came back from the ranks.</source>
        <translation>%1: 랭크들에게서 스텝 %3개 가운데 %2개만 돌아왔습니다.</translation>
    </message>
    <message>
        <source>The lane “%1” is not trained by Python processes.</source>
        <translation>“%1” 레인은 Python 프로세스가 학습하는 레인이 아닙니다.</translation>
    </message>
</context>
<context>
    <name>RequestHandler</name>
    <message>
        <source>Nothing to undo.</source>
        <translation>실행 취소할 것이 없습니다.</translation>
    </message>
    <message>
        <source>Nothing to redo.</source>
        <translation>다시 실행할 것이 없습니다.</translation>
    </message>
    <message>
        <source>Python input needs the console.</source>
        <translation>Python 입력에는 콘솔이 필요합니다.</translation>
    </message>
</context>
<context>
    <name>SafetensorsFile</name>
    <message>
        <source>The entry for tensor %1 is not a JSON object.</source>
        <translation>텐서 %1의 항목이 JSON 객체가 아닙니다.</translation>
    </message>
    <message>
        <source>Tensor %1 has no dtype string.</source>
        <translation>텐서 %1에 dtype 문자열이 없습니다.</translation>
    </message>
    <message>
        <source>Tensor %1 has the dtype &quot;%2&quot;, which the safetensors format does not have.</source>
        <translation>텐서 %1의 dtype &quot;%2&quot;은(는) safetensors 형식에 없는 dtype입니다.</translation>
    </message>
    <message>
        <source>Tensor %1 has no shape (a list of at most 64 sizes).</source>
        <translation>텐서 %1에 shape(크기 64개 이하의 목록)가 없습니다.</translation>
    </message>
    <message>
        <source>Tensor %1&apos;s shape holds %2, which is not a size (a whole number, 0 or more).</source>
        <translation>텐서 %1의 shape에 든 %2은(는) 크기(0 이상의 정수)가 아닙니다.</translation>
    </message>
    <message>
        <source>Tensor %1 has no data_offsets (two whole numbers, begin and end).</source>
        <translation>텐서 %1에 data_offsets(시작과 끝, 정수 두 개)가 없습니다.</translation>
    </message>
    <message>
        <source>Tensor %1&apos;s data_offsets [%2, %3] end before they begin.</source>
        <translation>텐서 %1의 data_offsets [%2, %3]은(는) 시작보다 먼저 끝납니다.</translation>
    </message>
    <message>
        <source>Tensor %1 is %2 with shape %3, which needs %4 bytes, but its data_offsets [%5, %6] hold %7.</source>
        <translation>텐서 %1은(는) shape %3인 %2이므로 %4바이트가 필요하지만, data_offsets [%5, %6]에는 %7이(가) 들어 있습니다.</translation>
    </message>
    <message>
        <source>more than 2⁶³</source>
        <translation>2⁶³보다 많은 수</translation>
    </message>
    <message>
        <source>a part of a byte more than %1</source>
        <translation>%1바이트에 바이트 일부를 더한 크기</translation>
    </message>
    <message>
        <source>The file has %1 bytes; a .safetensors file starts with 8 bytes that give its header&apos;s length.</source>
        <translation>파일이 %1바이트입니다. .safetensors 파일은 헤더 길이를 알려 주는 8바이트로 시작합니다.</translation>
    </message>
    <message>
        <source>Its header would be %1 bytes long; the safetensors format allows at most 100 MB.</source>
        <translation>헤더 길이가 %1바이트라고 되어 있습니다. safetensors 형식은 최대 100 MB까지 허용합니다.</translation>
    </message>
    <message>
        <source>Its header would be %1 bytes long, but only %2 bytes follow the length field: the file is cut short or is not a .safetensors file.</source>
        <translation>헤더 길이가 %1바이트라고 되어 있지만 길이 필드 뒤에는 %2바이트뿐입니다. 파일이 잘렸거나 .safetensors 파일이 아닙니다.</translation>
    </message>
    <message>
        <source>Its header is not UTF-8 text.</source>
        <translation>헤더가 UTF-8 텍스트가 아닙니다.</translation>
    </message>
    <message>
        <source>Its header does not start with &apos;{&apos; (a JSON object).</source>
        <translation>헤더가 &apos;{&apos;(JSON 객체)로 시작하지 않습니다.</translation>
    </message>
    <message>
        <source>Its header is not JSON: %1 at byte %2.</source>
        <translation>헤더가 JSON이 아닙니다: %2번째 바이트에서 %1.</translation>
    </message>
    <message>
        <source>Its header names %1 twice.</source>
        <translation>헤더에 %1이(가) 두 번 나옵니다.</translation>
    </message>
    <message>
        <source>Its __metadata__ is not a JSON object.</source>
        <translation>__metadata__가 JSON 객체가 아닙니다.</translation>
    </message>
    <message>
        <source>Its __metadata__ value %1 is not a string.</source>
        <translation>__metadata__의 값 %1이(가) 문자열이 아닙니다.</translation>
    </message>
    <message>
        <source>Tensor %1&apos;s data_offsets [%2, %3] reach past the data area, which holds %4 bytes.</source>
        <translation>텐서 %1의 data_offsets [%2, %3]이(가) %4바이트인 데이터 영역을 넘어갑니다.</translation>
    </message>
    <message>
        <source>Tensor %1&apos;s bytes [%2, %3] overlap those of %4 [%5, %6].</source>
        <translation>텐서 %1의 바이트 [%2, %3]이(가) %4의 바이트 [%5, %6]와(과) 겹칩니다.</translation>
    </message>
    <message>
        <source>Bytes %1 to %2 of the data area belong to no tensor (the next one is %3).</source>
        <translation>데이터 영역의 %1~%2바이트는 어느 텐서에도 속하지 않습니다(다음 텐서는 %3입니다).</translation>
    </message>
    <message>
        <source>The tensors end at byte %1 of the data area, but it holds %2 bytes: the rest belongs to no tensor.</source>
        <translation>텐서들은 데이터 영역의 %1번째 바이트에서 끝나지만 데이터 영역은 %2바이트입니다. 나머지는 어느 텐서에도 속하지 않습니다.</translation>
    </message>
    <message>
        <source>Loading was cancelled.</source>
        <translation>불러오기를 취소했습니다.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 파일에 쓸 수 없습니다: %2</translation>
    </message>
</context>
<context>
    <name>SessionCards</name>
    <message>
        <source>Tensor Kitchen sessions</source>
        <translation>Tensor Kitchen 세션</translation>
    </message>
    <message>
        <source>Could not save: %1</source>
        <translation>저장하지 못했습니다: %1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 파일에 쓸 수 없습니다: %2</translation>
    </message>
</context>
<context>
    <name>SessionFrame</name>
    <message>
        <source>This is not a Tensor Kitchen session file.</source>
        <translation>Tensor Kitchen 세션 파일이 아닙니다.</translation>
    </message>
    <message>
        <source>The session file is truncated: its header is incomplete.</source>
        <translation>세션 파일이 잘려 있습니다. 헤더가 온전하지 않습니다.</translation>
    </message>
    <message>
        <source>The session file is version %1; this Tensor Kitchen reads up to version %2.</source>
        <translation>세션 파일의 버전은 %1입니다. 이 Tensor Kitchen은 버전 %2까지만 읽을 수 있습니다.</translation>
    </message>
    <message>
        <source>The session file is truncated: %1 of %2 bytes are there.</source>
        <translation>세션 파일이 잘려 있습니다. %2바이트 중 %1바이트만 있습니다.</translation>
    </message>
    <message>
        <source>The session file is corrupt: its checksum does not match.</source>
        <translation>세션 파일이 손상되었습니다. 체크섬이 맞지 않습니다.</translation>
    </message>
</context>
<context>
    <name>TensorFileTypes</name>
    <message>
        <source>The %1 or %2 file.</source>
        <translation>%1 또는 %2 파일.</translation>
    </message>
    <message>
        <source>Tensor files (%1)</source>
        <translation>텐서 파일 (%1)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>모든 파일 (*)</translation>
    </message>
</context>
<context>
    <name>TensorSpec</name>
    <message>
        <source>Enter a shape such as 2, 3.</source>
        <translation>2, 3 같은 모양을 입력하세요.</translation>
    </message>
    <message>
        <source>At most %1 dimensions.</source>
        <translation>차원은 최대 %1개입니다.</translation>
    </message>
    <message>
        <source>“%1” is not a whole number.</source>
        <translation>“%1”은(는) 정수가 아닙니다.</translation>
    </message>
    <message>
        <source>Every size must be at least 1 (got %1).</source>
        <translation>모든 크기는 1 이상이어야 합니다(입력값 %1).</translation>
    </message>
    <message>
        <source>That shape has more elements than any machine can hold.</source>
        <translation>그 모양은 어떤 PC에도 담을 수 없을 만큼 원소가 많습니다.</translation>
    </message>
</context>
<context>
    <name>TensorSummary</name>
    <message>
        <source>meta (no values)</source>
        <translation>meta(값 없음)</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>비어 있음</translation>
    </message>
</context>
<context>
    <name>Trainer</name>
    <message>
        <source>Pinned memory is not available here: LibTorch said “%1” Pinned + non_blocking only helps copies to a CUDA GPU.</source>
        <translation>여기서는 고정(pinned) 메모리를 쓸 수 없습니다. LibTorch의 메시지: “%1” 고정(pinned) 메모리 + non_blocking은 CUDA GPU로 복사할 때만 도움이 됩니다.</translation>
    </message>
    <message>
        <source>Pinned + non_blocking speeds up copies to a GPU; %1 needs no copy.</source>
        <translation>고정(pinned) 메모리 + non_blocking은 GPU로 복사하는 속도를 높입니다. %1에는 복사가 필요 없습니다.</translation>
    </message>
    <message>
        <source>Width, depth, batch, steps and the dataset size must be at least 1, and the learning rate above 0.</source>
        <translation>너비, 깊이, 배치, 스텝 수, 데이터셋 크기는 1 이상이어야 하고, 학습률은 0보다 커야 합니다.</translation>
    </message>
    <message>
        <source>Unknown optimizer “%1”: use sgd or adam.</source>
        <translation>알 수 없는 옵티마이저 “%1”입니다. sgd 또는 adam을 쓰세요.</translation>
    </message>
    <message>
        <source>The meta device has no values, so nothing can be learned there.</source>
        <translation>meta 장치에는 값이 없어서 아무것도 학습할 수 없습니다.</translation>
    </message>
    <message>
        <source>The DataLoader takes 0…64 workers and 0…10000 blur passes per sample.</source>
        <translation>DataLoader의 작업자는 0…64개, 샘플당 블러는 0…10000회여야 합니다.</translation>
    </message>
</context>
<context>
    <name>TransferResult</name>
    <message>
        <source>host memory copy</source>
        <translation>호스트 메모리 복사</translation>
    </message>
</context>
<context>
    <name>WatchParser</name>
    <message>
        <source>the field “%1” is missing</source>
        <translation>“%1” 필드가 없음</translation>
    </message>
    <message>
        <source>the field “%1” must be a string</source>
        <translation>“%1” 필드는 문자열이어야 함</translation>
    </message>
    <message>
        <source>the field “%1” must be a finite number</source>
        <translation>“%1” 필드는 유한한 숫자여야 함</translation>
    </message>
    <message>
        <source>the field “%1” must not be below %2</source>
        <translation>“%1” 필드는 %2보다 작으면 안 됨</translation>
    </message>
    <message>
        <source>the field “%1” must be an integer</source>
        <translation>“%1” 필드는 정수여야 함</translation>
    </message>
    <message>
        <source>the field “%1” must be true or false</source>
        <translation>“%1” 필드는 true 또는 false여야 함</translation>
    </message>
    <message>
        <source>the field “%1” is not a device</source>
        <translation>“%1” 필드가 장치가 아님</translation>
    </message>
    <message>
        <source>the field “%1” must be an array</source>
        <translation>“%1” 필드는 배열이어야 함</translation>
    </message>
    <message>
        <source>the field “%1” has %2 entries; at most %3 are allowed</source>
        <translation>“%1” 필드에 항목이 %2개 있음: 최대 %3개까지만 허용됨</translation>
    </message>
    <message>
        <source>the entries of “%1” must be objects</source>
        <translation>“%1”의 항목은 객체여야 함</translation>
    </message>
    <message>
        <source>in “%1”: %2</source>
        <translation>“%1” 안에서: %2</translation>
    </message>
    <message>
        <source>the field “argv” must be an array</source>
        <translation>“argv” 필드는 배열이어야 함</translation>
    </message>
    <message>
        <source>not JSON: %1</source>
        <translation>JSON이 아님: %1</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>JSON 객체가 아님</translation>
    </message>
    <message>
        <source>unknown type “%1”</source>
        <translation>알 수 없는 유형 “%1”</translation>
    </message>
    <message>
        <source>the field “%1” must be an object</source>
        <translation>“%1” 필드는 객체여야 함</translation>
    </message>
</context>
<context>
    <name>WatchTrace</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1을(를) 읽을 수 없습니다: %2</translation>
    </message>
    <message>
        <source>%1 is not a Tensor Kitchen recording: it holds no watched program&apos;s hello.</source>
        <translation>%1은(는) Tensor Kitchen 기록 파일이 아닙니다. 지켜본 프로그램의 hello가 없습니다.</translation>
    </message>
</context>
<context>
    <name>WatchWindow</name>
    <message>
        <source>“site” and “dt” differ in length</source>
        <translation>“site”와 “dt”의 길이가 다릅니다</translation>
    </message>
    <message>
        <source>an event names no site of the window</source>
        <translation>어떤 이벤트가 윈도에 없는 사이트를 가리킵니다</translation>
    </message>
    <message>
        <source>“times” entry %1 is not [id, µs]</source>
        <translation>“times”의 %1번째 항목이 [id, µs] 형태가 아닙니다</translation>
    </message>
    <message>
        <source>a window with no events and no times</source>
        <translation>이벤트도 times도 없는 윈도입니다</translation>
    </message>
    <message>
        <source>window: %1</source>
        <translation>윈도: %1</translation>
    </message>
    <message>
        <source>site %1 is not an object of a known type</source>
        <translation>사이트 %1: 알려진 유형의 객체가 아닙니다</translation>
    </message>
    <message>
        <source>“%1” must be an object of columns</source>
        <translation>“%1”: 열(column)로 이루어진 객체여야 합니다</translation>
    </message>
    <message>
        <source>the column “%1” of “%2” must hold one entry per %2 (%3)</source>
        <translation>“%2”의 열 “%1”: %2 하나마다 항목이 하나씩 있어야 합니다(%3개)</translation>
    </message>
    <message>
        <source>a %1 names a site that is not one</source>
        <translation>%1 항목이 가리키는 사이트의 유형이 맞지 않습니다</translation>
    </message>
    <message>
        <source>“%1” must be whole microseconds ≥ 0</source>
        <translation>“%1”: 0 이상의 정수 마이크로초여야 합니다</translation>
    </message>
    <message>
        <source>a move in a window without “id0”</source>
        <translation>“id0” 없는 윈도에 이동이 있습니다</translation>
    </message>
    <message>
        <source>event %1 names a %2 site</source>
        <translation>이벤트 %1: %2 사이트를 가리킵니다</translation>
    </message>
    <message>
        <source>a step&apos;s “calls” must be [site, n, µs] triples, at most %1</source>
        <translation>스텝의 “calls”는 [site, n, µs] 세 값씩이어야 하며, 최대 %1개입니다</translation>
    </message>
    <message>
        <source>a step&apos;s “gpu_idle” must be [site, µs]</source>
        <translation>스텝의 “gpu_idle”은 [site, µs] 형태여야 합니다</translation>
    </message>
    <message>
        <source>event %1: %2</source>
        <translation>이벤트 %1: %2</translation>
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>파일(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>편집(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Kitchen</source>
        <translation>주방(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>보기(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>도움말(&amp;H)</translation>
    </message>
    <message>
        <source>Kitchen</source>
        <translation>주방</translation>
    </message>
</context>
<context>
    <name>Workspace</name>
    <message>
        <source>the model %1</source>
        <translation>모델 %1</translation>
    </message>
    <message>
        <source>Unknown dtype “%1”. Choose one of: %2.</source>
        <translation>알 수 없는 dtype “%1”입니다. 다음 중에서 고르세요: %2.</translation>
    </message>
    <message>
        <source>Enter a shape such as 2, 3.</source>
        <translation>2, 3 같은 모양을 입력하세요.</translation>
    </message>
    <message>
        <source>Every size must be at least 1 (got %1).</source>
        <translation>모든 크기는 1 이상이어야 합니다(입력값 %1).</translation>
    </message>
    <message>
        <source>That shape has more elements than any machine can hold.</source>
        <translation>그 모양은 어떤 PC에도 담을 수 없을 만큼 원소가 많습니다.</translation>
    </message>
    <message>
        <source>tensor[%1] %2</source>
        <translation>tensor[%1] %2</translation>
    </message>
    <message>
        <source>There is no card #%1 any more: it was deleted.</source>
        <translation>카드 #%1은(는) 삭제되어 더 이상 없습니다.</translation>
    </message>
    <message>
        <source>a copy of %1</source>
        <translation>%1의 복사본</translation>
    </message>
    <message>
        <source>A model needs a width of 1…65536 and a depth of 1…64.</source>
        <translation>모델의 너비는 1…65536, 깊이는 1…64여야 합니다.</translation>
    </message>
    <message>
        <source>An optimizer needs a model card to work on.</source>
        <translation>옵티마이저에는 대상이 될 모델 카드가 필요합니다.</translation>
    </message>
    <message>
        <source>Unknown optimizer “%1”: use sgd or adam.</source>
        <translation>알 수 없는 옵티마이저 “%1”입니다. sgd 또는 adam을 쓰세요.</translation>
    </message>
    <message>
        <source>model(x) needs a model and a tensor.</source>
        <translation>model(x)에는 모델과 텐서가 필요합니다.</translation>
    </message>
    <message>
        <source>%1 needs two tensors.</source>
        <translation>%1에는 텐서가 두 개 필요합니다.</translation>
    </message>
    <message>
        <source>the result %1</source>
        <translation>결과 %1</translation>
    </message>
    <message>
        <source>a clone of %1</source>
        <translation>%1의 복제본</translation>
    </message>
    <message>
        <source>%1 lives on the meta device: it has a shape and a dtype but no values.</source>
        <translation>%1은(는) meta 장치에 있습니다. 모양과 dtype은 있지만 값은 없습니다.</translation>
    </message>
    <message>
        <source>Shown as a %1 × %2 matrix: the last dimension across, the others down.</source>
        <translation>%1 × %2 행렬로 보여 줍니다. 마지막 차원은 가로로, 나머지 차원은 세로로 펼칩니다.</translation>
    </message>
    <message>
        <source>%1 was on %2, which this machine does not have: it is on the CPU now.</source>
        <translation>%1은(는) %2에 있었지만 이 PC에는 그 장치가 없어서 이제 CPU에 있습니다.</translation>
    </message>
    <message>
        <source>The session file is corrupt: its contents cannot be read.</source>
        <translation>세션 파일이 손상되었습니다. 내용을 읽을 수 없습니다.</translation>
    </message>
    <message>
        <source>The session file is corrupt: %1.</source>
        <translation>세션 파일이 손상되었습니다: %1.</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 파일을 열 수 없습니다: %2</translation>
    </message>
    <message>
        <source>%1 is not a tensor file PyTorch or LibTorch wrote: it is empty.</source>
        <translation>%1은(는) PyTorch나 LibTorch가 저장한 텐서 파일이 아닙니다. 빈 파일입니다.</translation>
    </message>
    <message>
        <source>%1 is not a tensor file PyTorch or LibTorch wrote: it is neither torch.save&apos;s zip archive nor its older pickle format.</source>
        <translation>%1은(는) PyTorch나 LibTorch가 저장한 텐서 파일이 아닙니다. torch.save의 zip 아카이브도, 그 이전의 pickle 형식도 아닙니다.</translation>
    </message>
    <message>
        <source>%1 is not a tensor file PyTorch or LibTorch wrote: it is damaged or cut short (%2).</source>
        <translation>%1은(는) PyTorch나 LibTorch가 저장한 텐서 파일이 아닙니다. 파일이 손상되었거나 잘렸습니다(%2).</translation>
    </message>
    <message>
        <source>%1 holds something Tensor Kitchen cannot load: %2.</source>
        <translation>%1에는 Tensor Kitchen이 불러올 수 없는 것이 들어 있습니다: %2.</translation>
    </message>
    <message>
        <source>%1 is not a tensor file PyTorch or LibTorch wrote: %2</source>
        <translation>%1은(는) PyTorch나 LibTorch가 저장한 텐서 파일이 아닙니다: %2</translation>
    </message>
    <message>
        <source>%1 holds no tensors (a tensor, or a dict or list of them, is needed).</source>
        <translation>%1에는 텐서가 없습니다(텐서 하나, 또는 텐서의 dict나 list가 필요합니다).</translation>
    </message>
    <message>
        <source>%1 also holds %2 values that are not tensors; they are not cards: %3, …</source>
        <translation>%1에는 텐서가 아닌 값도 %2개 있으며, 카드로 만들지 않았습니다: %3, …</translation>
    </message>
    <message>
        <source>%1 also holds values that are not tensors; they are not cards: %2.</source>
        <translation>%1에는 텐서가 아닌 값도 있으며, 카드로 만들지 않았습니다: %2.</translation>
    </message>
    <message>
        <source>Only tensor cards can be saved as .pt files.</source>
        <translation>.pt 파일로는 텐서 카드만 저장할 수 있습니다.</translation>
    </message>
    <message>
        <source>%1 is on meta: it has no values to save.</source>
        <translation>%1은(는) meta에 있어서 저장할 값이 없습니다.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 파일에 쓸 수 없습니다: %2</translation>
    </message>
    <message>
        <source>optimizer over %1&apos;s parameters · needs no .to(): it follows them</source>
        <translation>%1의 파라미터를 다루는 옵티마이저 · .to() 필요 없음(파라미터를 따라감)</translation>
    </message>
    <message>
        <source>a deleted model</source>
        <translation>삭제된 모델</translation>
    </message>
    <message>
        <source>cross-entropy loss · needs no .to(): it runs wherever its inputs are</source>
        <translation>교차 엔트로피 손실 · .to() 필요 없음(입력이 있는 곳에서 계산됨)</translation>
    </message>
    <message>
        <source>Tensor Kitchen works with cpu, cuda:N and meta, not “%1”.</source>
        <translation>Tensor Kitchen은 cpu, cuda:N, meta 장치를 씁니다. “%1”은(는) 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>%1 is not available here. %2</source>
        <translation>%1은(는) 이 PC에서 쓸 수 없습니다. %2</translation>
    </message>
    <message>
        <source>Refused before allocating: %1 would need %2 on %3, but only %4 is free. Nothing was changed.</source>
        <translation>할당하기 전에 거부했습니다. %1에는 %3에서 %2이(가) 필요하지만 여유 메모리는 %4뿐입니다. 아무것도 바뀌지 않았습니다.</translation>
    </message>
    <message>
        <source>“%1” is not a usable name: use letters, digits and _, not starting with a digit, and not a Python keyword.</source>
        <translation>“%1”은(는) 이름으로 쓸 수 없습니다. 문자, 숫자, _만 쓰고, 숫자로 시작하지 않으며, Python 예약어가 아니어야 합니다.</translation>
    </message>
    <message>
        <source>There is already a card named %1.</source>
        <translation>이름이 %1인 카드가 이미 있습니다.</translation>
    </message>
    <message>
        <source>%1 is a Python object and the console is not running.</source>
        <translation>%1은(는) Python 객체인데 콘솔이 실행 중이 아닙니다.</translation>
    </message>
    <message>
        <source>Loading %1 was cancelled; the kitchen is unchanged.</source>
        <translation>%1 불러오기를 취소했습니다. 주방은 그대로입니다.</translation>
    </message>
    <message>
        <source>%1 holds no tensors.</source>
        <translation>%1에는 텐서가 없습니다.</translation>
    </message>
    <message>
        <source>%1 is not a .safetensors file that can be loaded: %2 Nothing was loaded.</source>
        <translation>%1은(는) 불러올 수 있는 .safetensors 파일이 아닙니다: %2 아무것도 불러오지 않았습니다.</translation>
    </message>
    <message>
        <source>%1 carries metadata: %2.</source>
        <translation>%1에 메타데이터가 있습니다: %2.</translation>
    </message>
    <message>
        <source>Only tensor cards can be saved in a .safetensors file.</source>
        <translation>.safetensors 파일에는 텐서 카드만 저장할 수 있습니다.</translation>
    </message>
    <message>
        <source>%1 is %2, which a .safetensors file cannot hold.</source>
        <translation>%1은(는) %2이며, .safetensors 파일에 담을 수 없습니다.</translation>
    </message>
    <message>
        <source>There is no tensor card with values to save.</source>
        <translation>저장할 값이 있는 텐서 카드가 없습니다.</translation>
    </message>
    <message>
        <source>Not in %1, as they are not tensors with values: %2.</source>
        <translation>값이 있는 텐서가 아니어서 %1에 넣지 않았습니다: %2.</translation>
    </message>
    <message>
        <source>%1 holds only tensors whose dtypes Tensor Kitchen does not load (unsigned 16- to 64-bit integers, floats of 8 bits or fewer): %2. Nothing was loaded.</source>
        <translation>%1에는 Tensor Kitchen이 불러오지 않는 dtype(부호 없는 16~64비트 정수, 8비트 이하 부동소수점)의 텐서만 있습니다: %2. 아무것도 불러오지 않았습니다.</translation>
    </message>
    <message>
        <source>Not loaded from %1, as Tensor Kitchen does not load their dtypes (unsigned 16- to 64-bit integers, floats of 8 bits or fewer): %2. The other tensors were loaded.</source>
        <translation>%1에서 다음 텐서는 불러오지 않았습니다. Tensor Kitchen이 그 dtype(부호 없는 16~64비트 정수, 8비트 이하 부동소수점)을 불러오지 않기 때문입니다: %2. 나머지 텐서는 불러왔습니다.</translation>
    </message>
    <message>
        <source>%1 holds only tensors whose dtypes Tensor Kitchen does not load (floats of 4 or 6 bits, 8-bit floats other than E4M3 and E5M2): %2. Nothing was loaded.</source>
        <translation>%1에는 Tensor Kitchen이 불러오지 않는 dtype(4비트나 6비트 부동소수점, E4M3, E5M2가 아닌 8비트 부동소수점)의 텐서만 있습니다: %2. 아무것도 불러오지 않았습니다.</translation>
    </message>
    <message>
        <source>Not loaded from %1, as Tensor Kitchen does not load their dtypes (floats of 4 or 6 bits, 8-bit floats other than E4M3 and E5M2): %2. The other tensors were loaded.</source>
        <translation>%1에서 다음 텐서는 불러오지 않았습니다. Tensor Kitchen이 그 dtype(4비트나 6비트 부동소수점, E4M3, E5M2가 아닌 8비트 부동소수점)을 불러오지 않기 때문입니다: %2. 나머지 텐서는 불러왔습니다.</translation>
    </message>
    <message numerus="yes">
        <source>nn.Sequential: %1 · parameters: %n · moves in place</source>
        <translation>
            <numerusform>nn.Sequential: %1 · 파라미터 %n개 · 제자리에서 옮겨짐</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>GPUs on this machine: %n.</source>
        <translation>
            <numerusform>이 PC에는 GPU가 %n개 있습니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 holds a whole pickled model. Its classes&apos; code was not run (%2): its parameters and buffers are cards, named as model.state_dict() names them. %3. In Python, torch.save(model.state_dict(), &quot;%4&quot;) saves a file of the tensors alone.</source>
        <translation>%1에는 pickle로 저장한 모델 전체가 들어 있습니다. 그 클래스의 코드는 실행하지 않았습니다(%2). 파라미터와 버퍼는 model.state_dict()가 붙이는 이름 그대로 카드가 됩니다. %3. Python에서 torch.save(model.state_dict(), &quot;%4&quot;)로 저장하면 텐서만 담긴 파일이 됩니다.</translation>
    </message>
    <message>
        <source>%1 holds Python objects whose classes&apos; code was not run (%2): their tensors are cards, found by attribute; nothing of theirs was imported or run.</source>
        <translation>%1에는 클래스의 코드를 실행하지 않은 Python 객체가 들어 있습니다(%2). 그 텐서는 속성을 따라 찾아 카드가 되고, 그 객체의 것은 아무것도 가져오거나 실행하지 않았습니다.</translation>
    </message>
    <message>
        <source>%1 holds a whole pickled model. Its classes&apos; code was not run (%2): the kitchen made the same layers itself and gave them the file&apos;s weights, as a model card. %3. In Python, torch.save(model.state_dict(), &quot;%4&quot;) saves a file of the tensors alone.</source>
        <translation>%1에는 pickle로 저장한 모델 전체가 들어 있습니다. 그 클래스의 코드는 실행하지 않았습니다(%2). 주방이 같은 층을 직접 만들고 파일의 가중치를 넣어 모델 카드로 만들었습니다. %3. Python에서 torch.save(model.state_dict(), &quot;%4&quot;)로 저장하면 텐서만 담긴 파일이 됩니다.</translation>
    </message>
    <message>
        <source>%1 is a TorchScript archive: torch.jit.load would compile and run its code</source>
        <translation>%1 파일은 TorchScript 아카이브이고, torch.jit.load는 그 코드를 컴파일해 실행합니다</translation>
    </message>
    <message>
        <source>torch.load(weights_only=False) would import and run %1, named in %2</source>
        <translation>torch.load(weights_only=False)는 %2 파일에 적힌 %1 항목을 가져와 실행합니다</translation>
    </message>
    <message>
        <source>%1 is a TorchScript archive (torch.jit.save). Its code was not run: its tensors were read from its data alone and are cards, named as state_dict() names them. Its lines in the code log are comments, since torch.jit.load would compile and run that code.</source>
        <translation>%1 파일은 TorchScript 아카이브(torch.jit.save)입니다. 그 코드는 실행하지 않았습니다. 텐서는 데이터만 읽어 카드로 만들었고, 이름은 state_dict()가 붙이는 그대로입니다. torch.jit.load는 그 코드를 컴파일해 실행하므로 코드 기록의 해당 줄은 주석입니다.</translation>
    </message>
    <message>
        <source>Its lines in the code log are comments: in Python, torch.load(weights_only=False) would import and run %1, named in %2. Nothing of theirs was run here.</source>
        <translation>코드 기록의 해당 줄은 주석입니다. Python에서 torch.load(weights_only=False)는 %2 파일에 적힌 %1 항목을 가져와 실행하기 때문입니다. 여기서는 그 어느 것도 실행하지 않았습니다.</translation>
    </message>
    <message>
        <source>PyTorch files</source>
        <translation>PyTorch 파일</translation>
    </message>
    <message>
        <source>safetensors files</source>
        <translation>safetensors 파일</translation>
    </message>
    <message>
        <source>%1 is a Tensor Kitchen session: open it with File → Open session, as it replaces the whole kitchen.</source>
        <translation>%1은(는) Tensor Kitchen 세션입니다. 세션은 주방 전체를 바꾸므로 파일 → 세션 열기로 여세요.</translation>
    </message>
    <message>
        <source>There is no file format “%1”.</source>
        <translation>“%1” 파일 형식은 없습니다.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Tensor Kitchen: see how PyTorch places tensors on devices.</source>
        <translation>Tensor Kitchen: PyTorch가 텐서를 장치에 어떻게 놓는지 살펴봅니다.</translation>
    </message>
    <message>
        <source>A file to open: a session (.tks), a recording (.tkwatch), or tensors (.pt, .pth, .ckpt, .bin, .safetensors).</source>
        <translation>열 파일입니다. 세션(.tks), 기록 파일(.tkwatch), 텐서(.pt, .pth, .ckpt, .bin, .safetensors) 중 하나를 주세요.</translation>
    </message>
</context>
<context>
    <name>tk::CardActions</name>
    <message>
        <source>Creating %1…</source>
        <translation>%1 만드는 중…</translation>
    </message>
    <message>
        <source>%1 is on %2.</source>
        <translation>%1은(는) %2에 있습니다.</translation>
    </message>
    <message>
        <source>Created %1 on %2.</source>
        <translation>%2에 %1을(를) 만들었습니다.</translation>
    </message>
    <message>
        <source>model, optimizer and loss_fn: drag the model to a device — only it needs .to().</source>
        <translation>model, optimizer, loss_fn: 모델을 장치로 끌어 옮기세요. .to()가 필요한 것은 모델뿐입니다.</translation>
    </message>
    <message>
        <source>Combine %1 with %2</source>
        <translation>%1와(과) %2 결합</translation>
    </message>
    <message>
        <source>Only tensors combine, and a model takes a tensor: model(x).</source>
        <translation>결합할 수 있는 것은 텐서끼리뿐이고, 모델은 텐서를 받습니다: model(x).</translation>
    </message>
    <message>
        <source>&amp;Move to</source>
        <translation>옮기기(&amp;M)</translation>
    </message>
    <message>
        <source>device (no GPU: cpu)</source>
        <translation>device (GPU 없음: cpu)</translation>
    </message>
    <message>
        <source>%1.to(%2)  — result discarded</source>
        <translation>%1.to(%2)  — 결과 버림</translation>
    </message>
    <message>
        <source>Show &amp;values</source>
        <translation>값 보기(&amp;V)</translation>
    </message>
    <message>
        <source>Save as .&amp;pt…</source>
        <translation>.pt 파일로 저장(&amp;P)…</translation>
    </message>
    <message>
        <source>Save tensor</source>
        <translation>텐서 저장</translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation>이름 바꾸기(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Clone</source>
        <translation>복제(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>삭제(&amp;D)</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>이름 바꾸기</translation>
    </message>
    <message>
        <source>New name for %1:</source>
        <translation>%1의 새 이름:</translation>
    </message>
    <message>
        <source>Save as .&amp;safetensors…</source>
        <translation>.safetensors로 저장(&amp;S)…</translation>
    </message>
</context>
<context>
    <name>tk::ConsoleDock</name>
    <message>
        <source>PyTorch console</source>
        <translation>PyTorch 콘솔</translation>
    </message>
</context>
<context>
    <name>tk::ConsoleInput</name>
    <message>
        <source>Python: Enter runs · Shift+Enter adds a line · Tab completes · ↑↓ history</source>
        <translation>Python: Enter 실행 · Shift+Enter 줄 추가 · Tab 자동 완성 · ↑↓ 이전 입력</translation>
    </message>
</context>
<context>
    <name>tk::ConsolePane</name>
    <message>
        <source>Stop</source>
        <translation>중지</translation>
    </message>
    <message>
        <source>Interrupt the running input: KeyboardInterrupt, as Ctrl+C in Python</source>
        <translation>실행 중인 입력을 중단합니다. Python에서 Ctrl+C를 누를 때처럼 KeyboardInterrupt를 일으킵니다.</translation>
    </message>
    <message>
        <source>This build has no PyTorch console.</source>
        <translation>이 빌드에는 PyTorch 콘솔이 없습니다.</translation>
    </message>
    <message>
        <source>Starting Python…</source>
        <translation>Python 시작 중…</translation>
    </message>
    <message>
        <source>still running — Ctrl+C to stop</source>
        <translation>아직 실행 중 — 중지하려면 Ctrl+C</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>중지하는 중…</translation>
    </message>
    <message>
        <source># kitchen: %1</source>
        <extracomment>Before a line of Python that a drag or a button ran; keep the &quot;#&quot; (a Python comment).</extracomment>
        <translation># 주방: %1</translation>
    </message>
    <message>
        <source># … and %1 more moves</source>
        <translation># … 이동 %1개 더</translation>
    </message>
    <message>
        <source>Stopped (KeyboardInterrupt): what ran before it stays.</source>
        <translation>중지됨 (KeyboardInterrupt): 그 전에 실행된 것은 그대로 남습니다.</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>실행 중…</translation>
    </message>
</context>
<context>
    <name>tk::DecisionView</name>
    <message>
        <source>%1 — step %2</source>
        <translation>%1 — 스텝 %2</translation>
    </message>
</context>
<context>
    <name>tk::DeviceDetailsDialog</name>
    <message>
        <source>Device check</source>
        <translation>장치 점검</translation>
    </message>
    <message>
        <source>Copy as &amp;text</source>
        <translation>텍스트로 복사(&amp;T)</translation>
    </message>
    <message>
        <source>Asking LibTorch about the devices…</source>
        <translation>LibTorch에 장치를 묻는 중…</translation>
    </message>
    <message>
        <source>LibTorch could not report the devices: %1</source>
        <translation>LibTorch가 장치를 알려 주지 못했습니다: %1</translation>
    </message>
    <message>
        <source>&amp;Device check…</source>
        <translation>장치 점검(&amp;D)…</translation>
    </message>
</context>
<context>
    <name>tk::DevicePane</name>
    <message>
        <source>Drop a card here to move it with .to(&quot;%1&quot;).</source>
        <translation>카드를 여기에 놓으면 .to(&quot;%1&quot;)로 옮깁니다.</translation>
    </message>
    <message>
        <source>No memory: meta tensors have shapes but no data.</source>
        <translation>메모리 없음: meta 텐서는 모양만 있고 데이터가 없습니다.</translation>
    </message>
    <message>
        <source>Cards hold %1 of %2</source>
        <translation>카드가 %2 중 %1 사용</translation>
    </message>
    <message>
        <source>Allocator: %1 allocated, %2 reserved</source>
        <translation>할당자: %1 할당됨, %2 예약됨</translation>
    </message>
    <message>
        <source>%1 free in the system</source>
        <translation>시스템 여유 메모리 %1</translation>
    </message>
</context>
<context>
    <name>tk::DragMeaningBox</name>
    <message>
        <source>x.to(d)  (result discarded)</source>
        <translation>x.to(d)  (결과 버림)</translation>
    </message>
    <message>
        <source>What dropping a card on another device does.
Hold Shift for y = x.to(d), Ctrl for x.to(d) with the result discarded.</source>
        <translation>카드를 다른 장치에 놓았을 때 하는 일입니다.
Shift를 누르고 있으면 y = x.to(d), Ctrl을 누르고 있으면 결과를 버리는 x.to(d)가 됩니다.</translation>
    </message>
</context>
<context>
    <name>tk::EngineFeed</name>
    <message>
        <source>device = &quot;cuda&quot; if torch.cuda.is_available() else &quot;cpu&quot; gives cpu here, so a card dropped on this workbench runs x.to(device) — which returns x itself, still on the CPU counter.</source>
        <translation>여기서는 device = &quot;cuda&quot; if torch.cuda.is_available() else &quot;cpu&quot;가 cpu가 되므로, 이 작업대에 카드를 놓으면 x.to(device)가 실행됩니다. 이 호출은 x 자신을 돌려주므로 x는 그대로 CPU 조리대에 있습니다.</translation>
    </message>
    <message>
        <source>%1 threads in use · %2 logical cores · %3 RAM</source>
        <translation>스레드 %1개 사용 · 논리 코어 %2개 · RAM %3</translation>
    </message>
    <message>
        <source>compute capability %1 · %2</source>
        <translation>연산 능력(compute capability) %1 · %2</translation>
    </message>
</context>
<context>
    <name>tk::ErrorDialog</name>
    <message>
        <source>Devices don&apos;t match</source>
        <translation>장치가 서로 다릅니다</translation>
    </message>
    <message>
        <source>Shapes don&apos;t fit</source>
        <translation>모양이 서로 맞지 않습니다</translation>
    </message>
    <message>
        <source>This dtype doesn&apos;t work here</source>
        <translation>이 dtype으로는 할 수 없습니다</translation>
    </message>
    <message>
        <source>Out of memory</source>
        <translation>메모리가 부족합니다</translation>
    </message>
    <message>
        <source>That can&apos;t be done</source>
        <translation>그렇게 할 수 없습니다</translation>
    </message>
    <message>
        <source>Can&apos;t open this file</source>
        <translation>이 파일을 열 수 없습니다</translation>
    </message>
    <message>
        <source>LibTorch raised an error</source>
        <translation>LibTorch에서 오류가 났습니다</translation>
    </message>
    <message>
        <source>Can&apos;t save this file</source>
        <translation>이 파일을 저장할 수 없습니다</translation>
    </message>
    <message>
        <source>Every tensor in one operation must sit on the same device. Ingredients on different counters cannot go into one pot: move one of them first. In a real program this usually means the model and the data did not both get .to(device) — check both.</source>
        <translation>한 연산에 쓰는 텐서는 모두 같은 장치에 있어야 합니다. 재료가 서로 다른 조리대에 있으면 한 냄비에 넣을 수 없으니, 먼저 한쪽을 옮기세요. 실제 프로그램에서는 대개 모델과 데이터 중 한쪽에만 .to(device)를 했다는 뜻입니다. 양쪽을 모두 확인하세요.</translation>
    </message>
    <message>
        <source>Element-wise + and * need equal shapes (or shapes that broadcast); x @ y needs x&apos;s last size to equal y&apos;s first; torch.cat needs every size but the first to match. Reshape or transpose one operand.</source>
        <translation>원소별 +와 *에는 같은 모양(또는 브로드캐스트되는 모양)이 필요합니다. x @ y는 x의 마지막 크기와 y의 첫 크기가 같아야 하고, torch.cat은 첫 번째를 뺀 모든 크기가 같아야 합니다. 피연산자 하나의 모양을 바꾸거나(reshape) 전치(transpose)하세요.</translation>
    </message>
    <message>
        <source>Some operations are only implemented for some dtypes: random sampling needs a floating dtype, and half precision is limited on the CPU. Pick float32 and try again.</source>
        <translation>어떤 연산은 일부 dtype에만 구현되어 있습니다. 난수 추출에는 부동소수점 dtype이 필요하고, CPU에서는 반정밀도(half precision)를 쓸 수 있는 연산이 제한됩니다. float32를 골라 다시 해 보세요.</translation>
    </message>
    <message>
        <source>The device cannot hold this tensor. Use a smaller shape or batch, delete cards you no longer need, or on a GPU empty the caching allocator&apos;s cache.</source>
        <translation>이 장치에는 이 텐서를 담을 수 없습니다. 더 작은 모양이나 배치를 쓰거나, 필요 없는 카드를 지우거나, GPU라면 캐싱 할당자의 캐시를 비우세요.</translation>
    </message>
    <message>
        <source>Nothing was loaded and the kitchen is unchanged. Check that this is the file you meant; Details has the full message.</source>
        <translation>아무것도 불러오지 않았고 주방은 그대로입니다. 의도한 파일이 맞는지 확인하세요. 전체 메시지는 ‘자세히’에 있습니다.</translation>
    </message>
    <message>
        <source>Tensor Kitchen stopped this before asking LibTorch; the message says what to change. Nothing was changed.</source>
        <translation>Tensor Kitchen이 LibTorch에 요청하기 전에 막았습니다. 무엇을 바꿔야 하는지는 메시지에 있습니다. 아무것도 바뀌지 않았습니다.</translation>
    </message>
    <message>
        <source>LibTorch refused this operation; its message says why.</source>
        <translation>LibTorch가 이 연산을 거부했습니다. 이유는 메시지에 있습니다.</translation>
    </message>
    <message>
        <source>Nothing was written; if the file already existed, it is unchanged. Choose another name or folder and save again; Details has the full message.</source>
        <translation>아무것도 쓰지 않았습니다. 파일이 이미 있었다면 그대로입니다. 다른 이름이나 폴더를 골라 다시 저장하세요. 전체 메시지는 ‘자세히’에 있습니다.</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>파일:</translation>
    </message>
    <message>
        <source>&amp;Copy message</source>
        <translation>메시지 복사(&amp;C)</translation>
    </message>
    <message>
        <source>Tensor Kitchen said:</source>
        <translation>Tensor Kitchen의 메시지:</translation>
    </message>
    <message>
        <source>LibTorch said:</source>
        <translation>LibTorch의 메시지:</translation>
    </message>
    <message>
        <source>Devices involved:</source>
        <translation>관련된 장치:</translation>
    </message>
    <message>
        <source>Tensor Kitchen checked the free memory before asking LibTorch, so nothing was allocated and every card is as it was.</source>
        <translation>Tensor Kitchen이 LibTorch에 요청하기 전에 여유 메모리를 확인했으므로, 아무것도 할당되지 않았고 모든 카드는 그대로입니다.</translation>
    </message>
    <message>
        <source>&amp;Details</source>
        <translation>자세히(&amp;D)</translation>
    </message>
    <message>
        <source>Move %1 to %2 and retry</source>
        <translation>%1을(를) %2(으)로 옮기고 다시 시도</translation>
    </message>
    <message>
        <source>&amp;Empty cache</source>
        <translation>캐시 비우기(&amp;E)</translation>
    </message>
    <message>
        <source>torch.cuda.empty_cache(): return the allocator&apos;s unused blocks.</source>
        <translation>torch.cuda.empty_cache(): 할당자가 쓰지 않는 블록을 돌려줍니다.</translation>
    </message>
    <message>
        <source>No GPU here</source>
        <translation>이 PC에는 GPU가 없습니다</translation>
    </message>
    <message>
        <source>Code that should run with and without a GPU picks its device the way the source texts do: device = &quot;cuda&quot; if torch.cuda.is_available() else &quot;cpu&quot; (the console has it predefined), then x.to(device) instead of x.cuda().</source>
        <translation>GPU가 있든 없든 돌아가야 하는 코드는 교안과 가이드처럼 장치를 고릅니다: device = &quot;cuda&quot; if torch.cuda.is_available() else &quot;cpu&quot;(콘솔에는 미리 정의되어 있습니다), 그리고 x.cuda() 대신 x.to(device)를 씁니다.</translation>
    </message>
    <message>
        <source>%1 is on meta: it has shapes but no values, so there is nothing to copy to %2.</source>
        <translation>%1은(는) meta에 있습니다. 모양만 있고 값이 없어서 %2(으)로 복사할 것이 없습니다.</translation>
    </message>
</context>
<context>
    <name>tk::FindingsPanel</name>
    <message>
        <source>&lt;b&gt;Why is it slow?&lt;/b&gt; What this run shows</source>
        <translation>&lt;b&gt;왜 느릴까요?&lt;/b&gt; 이번 실행에서 보인 것</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Costs %1 ms a step (%2).</source>
        <translation>스텝마다 %1 ms가 듭니다(%2).</translation>
    </message>
    <message>
        <source>Fixed, a step would take about %1 ms.</source>
        <translation>고치면 스텝 하나가 약 %1 ms 걸립니다.</translation>
    </message>
    <message>
        <source>Not checked: %1 — %2</source>
        <translation>확인하지 못함: %1 — %2</translation>
    </message>
    <message>
        <source>Show %1</source>
        <translation>%1 보기</translation>
    </message>
    <message>
        <source>%1 (read only)</source>
        <translation>%1 (읽기 전용)</translation>
    </message>
    <message>
        <source>Fix here: %1</source>
        <translation>여기서 고치세요: %1</translation>
    </message>
    <message>
        <source>Try the fix…</source>
        <translation>고친 것을 실행해 보기…</translation>
    </message>
    <message>
        <source>Run the program again, as it is and with this fix, for a few steps each, and compare the measured step times</source>
        <translation>프로그램을 그대로 한 번, 이렇게 고쳐서 한 번, 각각 몇 스텝씩 다시 실행하고 잰 스텝 시간을 비교합니다</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
</context>
<context>
    <name>tk::FirstSteps</name>
    <message>
        <source>&lt;b&gt;The kitchen is empty.&lt;/b&gt; Start with one of these:</source>
        <translation>&lt;b&gt;주방이 비어 있습니다.&lt;/b&gt; 이 중 하나로 시작해 보세요:</translation>
    </message>
    <message>
        <source>Make a tensor…</source>
        <translation>텐서 만들기…</translation>
    </message>
    <message>
        <source>torch.randn, torch.ones, … on the device you choose</source>
        <translation>고른 장치에 torch.randn, torch.ones, …</translation>
    </message>
    <message>
        <source>Open the first lesson</source>
        <translation>첫 수업 열기</translation>
    </message>
    <message>
        <source>Where a tensor lives, and how .to() moves it</source>
        <translation>텐서가 어디에 있는지, .to()가 어떻게 옮기는지</translation>
    </message>
    <message>
        <source>Tensors or a state_dict saved by torch.save</source>
        <translation>torch.save로 저장한 텐서나 state_dict</translation>
    </message>
    <message>
        <source>Load a tensor file (%1)…</source>
        <translation>텐서 파일 불러오기(%1)…</translation>
    </message>
</context>
<context>
    <name>tk::FixTrial</name>
    <message>
        <source>It ran in a notebook or an interactive Python: there is no script to run again.</source>
        <translation>노트북이나 대화형 Python에서 실행되어 다시 실행할 스크립트가 없습니다.</translation>
    </message>
    <message>
        <source>Its Python (%1) is not on this computer.</source>
        <translation>이 프로그램의 Python(%1)이 이 PC에 없습니다.</translation>
    </message>
    <message>
        <source>Its folder (%1) is not on this computer.</source>
        <translation>이 프로그램의 폴더(%1)가 이 PC에 없습니다.</translation>
    </message>
    <message>
        <source>Its script (%1) is not on this computer.</source>
        <translation>이 프로그램의 스크립트(%1)가 이 PC에 없습니다.</translation>
    </message>
    <message>
        <source>The runs said nothing that could be read.</source>
        <translation>다시 실행한 결과에서 읽을 수 있는 것이 없습니다.</translation>
    </message>
    <message>
        <source>The runs measured no steps to compare.</source>
        <translation>다시 실행했지만 비교할 스텝을 재지 못했습니다.</translation>
    </message>
    <message>
        <source>Could not start %1: %2</source>
        <translation>%1을(를) 시작하지 못했습니다: %2</translation>
    </message>
    <message>
        <source>A fix is being tried already.</source>
        <translation>이미 고친 것을 실행해 보는 중입니다.</translation>
    </message>
    <message>
        <source>The tensorkitchen package is not installed beside this app.</source>
        <translation>tensorkitchen 패키지가 이 앱과 함께 설치되어 있지 않습니다.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>취소했습니다.</translation>
    </message>
    <message>
        <source>The runs stopped unexpectedly.</source>
        <translation>다시 실행하던 프로그램이 예기치 않게 멈췄습니다.</translation>
    </message>
    <message>
        <source>The runs ended with exit code %1.</source>
        <translation>다시 실행한 프로그램이 종료 코드 %1로 끝났습니다.</translation>
    </message>
    <message>
        <source>round %1 of %2, with the fix…</source>
        <translation>%2번 중 %1번째, 고쳐서 실행…</translation>
    </message>
    <message>
        <source>round %1 of %2, as it is…</source>
        <translation>%2번 중 %1번째, 그대로 실행…</translation>
    </message>
    <message>
        <source>Its watcher did not say how it was run (a version older than this app&apos;s).</source>
        <translation>이 기록의 감시 도구는 프로그램을 어떻게 실행했는지 알려 주지 않습니다(이 앱보다 오래된 버전).</translation>
    </message>
</context>
<context>
    <name>tk::JobKitchen</name>
    <message>
        <source>job</source>
        <translation>분산 실행</translation>
    </message>
    <message>
        <source>program</source>
        <translation>프로그램</translation>
    </message>
    <message numerus="yes">
        <source>%1 · job of %n ranks</source>
        <translation>
            <numerusform>%1 · 랭크 %n개의 분산 실행</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · job of %n ranks (%2 here)</source>
        <translation>
            <numerusform>%1 · 랭크 %n개의 분산 실행 (여기 있는 랭크: %2)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tk::KitchenActions</name>
    <message>
        <source>Code log</source>
        <translation>코드 기록</translation>
    </message>
    <message>
        <source>&amp;New tensor…</source>
        <translation>새 텐서(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>실행 취소(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>다시 실행(&amp;R)</translation>
    </message>
    <message>
        <source>Add &amp;model, optimizer and loss</source>
        <translation>모델, 옵티마이저, 손실 함수 추가(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Forget to move the model (see the error)</source>
        <translation>모델 옮기기를 깜빡하기 (오류 보기)(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Meta device pane</source>
        <translation>meta 선반(&amp;M)</translation>
    </message>
    <message>
        <source>  Drag means: </source>
        <translation>  끌어 놓기: </translation>
    </message>
    <message>
        <source>  Shift: y = x.to(d) · Ctrl: discarded</source>
        <translation>  Shift: y = x.to(d) · Ctrl: 결과 버림</translation>
    </message>
</context>
<context>
    <name>tk::KitchenView</name>
    <message>
        <source>No GPU available</source>
        <translation>쓸 수 있는 GPU 없음</translation>
    </message>
    <message>
        <source>Shapes and dtypes only: no data, no memory</source>
        <translation>모양과 dtype만: 데이터도 메모리도 없음</translation>
    </message>
    <message>
        <source>A real LibTorch device: mixing it with cpu gives the real device-mismatch error, even without a GPU.</source>
        <translation>실제 LibTorch 장치입니다. cpu와 섞으면 GPU가 없어도 진짜 장치 불일치 오류가 납니다.</translation>
    </message>
    <message>
        <source>%1 · %2 ms · %3 GB/s</source>
        <translation>%1 · %2 ms · %3 GB/s</translation>
    </message>
    <message>
        <source>Tip: write %1 = %1.to(%2) to keep it.</source>
        <translation>팁: 결과를 받아 두려면 %1 = %1.to(%2)라고 쓰세요.</translation>
    </message>
    <message>
        <source>old %1 released</source>
        <translation>예전 %1 해제됨</translation>
    </message>
    <message>
        <source>%1 · timing…</source>
        <translation>%1 · 시간 재는 중…</translation>
    </message>
    <message numerus="yes">
        <source>× %n batches</source>
        <translation>
            <numerusform>× 배치 %n개</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · shapes only</source>
        <translation>%1 · 모양만</translation>
    </message>
    <message>
        <source>to() returned %1 itself · nothing copied</source>
        <translation>to()가 %1 자신을 돌려줌 · 복사 없음</translation>
    </message>
</context>
<context>
    <name>tk::LessonActions</name>
    <message>
        <source>x = torch.ones(2, 3) lives on the CPU counter: x.device is cpu.</source>
        <translation>x = torch.ones(2, 3)은 CPU 조리대에 놓입니다. x.device는 cpu입니다.</translation>
    </message>
    <message>
        <source>No GPU here: x is on the CPU already, so x.cpu() returns x itself and x.cpu().numpy() shares its memory.</source>
        <translation>여기에는 GPU가 없습니다. x는 이미 CPU에 있으므로 x.cpu()는 x 자신을 돌려주고, x.cpu().numpy()는 x와 메모리를 함께 씁니다.</translation>
    </message>
    <message>
        <source>Data: preloaded on the device. Press Train, then choose per batch under Data and train again to compare the samples/s.</source>
        <translation>데이터: 장치에 미리 올려 둠. ‘학습’을 누른 다음, ‘데이터:’에서 ‘배치마다’를 골라 다시 학습하고 샘플/초를 견주어 보세요.</translation>
    </message>
    <message>
        <source>Lanes: the CPU and DistributedDataParallel × 2. Press Train and compare the losses and the samples/s, then press Sweep ranks.</source>
        <translation>레인: CPU와 DistributedDataParallel × 2. ‘학습’을 누르고 손실과 샘플/초를 견주어 본 다음 ‘랭크 수 바꿔 보기’를 누르세요.</translation>
    </message>
    <message>
        <source>The example program (examples/why_slow.py) is not installed beside this app.</source>
        <translation>예제 프로그램(examples/why_slow.py)이 이 앱과 함께 설치되어 있지 않습니다.</translation>
    </message>
</context>
<context>
    <name>tk::LessonsDock</name>
    <message>
        <source>Lessons</source>
        <translation>수업</translation>
    </message>
    <message>
        <source>en</source>
        <extracomment>The language code of the lesson texts to show: &quot;en&quot; or &quot;ko&quot;.</extracomment>
        <translation>ko</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>수업(&amp;L)</translation>
    </message>
    <message>
        <source>Lesson 4 is about the devices&apos; error: drop a card on one of the same shape on another device (x on the CPU counter onto x_meta on the meta shelf), or press Try it in the lesson.</source>
        <translation>4번 수업은 장치 오류를 다룹니다. 다른 장치에 있는 같은 모양의 카드 위에 카드를 놓거나(CPU 조리대의 x를 meta 선반의 x_meta 위에), 수업의 ‘해 보기’를 누르세요.</translation>
    </message>
</context>
<context>
    <name>tk::LessonsPanel</name>
    <message>
        <source>&amp;Try it</source>
        <translation>해 보기(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Next lesson</source>
        <translation>다음 수업(&amp;N)</translation>
    </message>
</context>
<context>
    <name>tk::LoadProgressDialog</name>
    <message>
        <source>Loading %1…</source>
        <translation>%1 불러오는 중…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Loading tensors</source>
        <translation>텐서 불러오기</translation>
    </message>
</context>
<context>
    <name>tk::LoaderOptions</name>
    <message>
        <source>DataLoader</source>
        <translation>DataLoader</translation>
    </message>
    <message>
        <source>0 (the training thread)</source>
        <translation>0 (학습 스레드가 직접)</translation>
    </message>
    <message>
        <source>DataLoader worker threads that prepare the next batches while the model trains. With 0 the training thread prepares each batch itself, and the device waits meanwhile.</source>
        <translation>모델이 학습하는 동안 다음 배치를 미리 준비하는 DataLoader 작업자(스레드)의 수입니다. 0이면 학습 스레드가 배치를 직접 준비하고, 그동안 장치는 기다립니다.</translation>
    </message>
    <message>
        <source> blur passes</source>
        <translation>번 흐리게 처리</translation>
    </message>
    <message>
        <source>The CPU cost of preparing one sample: each is rendered as a 32×32 image and blurred this many times on the CPU, as decoding and augmenting an image would.</source>
        <translation>샘플 하나를 준비하는 CPU 비용입니다. 샘플마다 32×32 이미지로 그린 뒤 CPU에서 이 횟수만큼 흐리게(블러) 처리합니다. 이미지를 디코딩하고 증강하는 일처럼 CPU 시간이 듭니다.</translation>
    </message>
    <message>
        <source>Pinned batches + non_blocking</source>
        <translation>고정(pinned) 메모리의 배치 + non_blocking</translation>
    </message>
    <message>
        <source>Each batch goes to page-locked memory and is copied with .to(device, non_blocking=True), like pin_memory=True. GPU lanes only.</source>
        <translation>배치마다 고정(pinned) 메모리에 두고 .to(device, non_blocking=True)로 복사합니다. pin_memory=True와 같은 일입니다. GPU 레인 전용입니다.</translation>
    </message>
    <message>
        <source>Needs a CUDA GPU: page-locked memory only speeds up copies to one.</source>
        <translation>CUDA GPU가 필요합니다. 고정(pinned) 메모리는 GPU로 복사할 때만 속도를 높입니다.</translation>
    </message>
    <message>
        <source>S&amp;weep workers</source>
        <translation>작업자 수 바꿔 보기(&amp;W)</translation>
    </message>
    <message>
        <source>Trains each lane briefly with 0, 1, 2, 4, … workers and charts how long the device waited for data (tab “Data loading”).</source>
        <translation>각 레인을 작업자 0, 1, 2, 4, …개로 잠깐씩 학습시키고, 장치가 데이터를 기다린 시간을 차트로 그립니다(“데이터 로딩” 탭).</translation>
    </message>
    <message>
        <source>Python&apos;s DataLoader uses worker processes; LibTorch&apos;s C++ one, used here, uses threads. Both prepare batches ahead of the model.</source>
        <translation>Python의 DataLoader는 작업자를 프로세스로, 여기서 쓰는 LibTorch의 C++ DataLoader는 스레드로 돌립니다. 둘 다 모델보다 앞서 배치를 준비합니다.</translation>
    </message>
    <message>
        <source>Workers:</source>
        <translation>작업자:</translation>
    </message>
    <message>
        <source>Preparation cost:</source>
        <translation>준비 비용:</translation>
    </message>
    <message>
        <source>Stop s&amp;weep</source>
        <translation>바꿔 보기 중지(&amp;W)</translation>
    </message>
</context>
<context>
    <name>tk::MainWindow</name>
    <message>
        <source>Tensor Kitchen</source>
        <translation>Tensor Kitchen</translation>
    </message>
    <message>
        <source>Ctrl+N makes a tensor. Drag a card to another pane to move it. F1: lessons.</source>
        <translation>Ctrl+N으로 텐서를 만듭니다. 카드를 다른 영역으로 끌면 옮겨집니다. F1: 수업.</translation>
    </message>
    <message>
        <source>&amp;Matmul race</source>
        <translation>행렬 곱 경주(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>끝내기(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;About Tensor Kitchen</source>
        <translation>Tensor Kitchen 정보(&amp;A)</translation>
    </message>
    <message>
        <source>About Tensor Kitchen</source>
        <translation>Tensor Kitchen 정보</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Tensor Kitchen %1&lt;/h3&gt;&lt;p&gt;See how PyTorch places tensors on devices.&lt;/p&gt;&lt;p&gt;LibTorch %2 · %3&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Tensor Kitchen %1&lt;/h3&gt;&lt;p&gt;PyTorch가 텐서를 장치에 어떻게 놓는지 살펴봅니다.&lt;/p&gt;&lt;p&gt;LibTorch %2 · %3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>CUDA build</source>
        <translation>CUDA 빌드</translation>
    </message>
    <message>
        <source>CPU-only build</source>
        <translation>CPU 전용 빌드</translation>
    </message>
    <message>
        <source>change</source>
        <translation>변경</translation>
    </message>
    <message>
        <source>K&amp;itchen</source>
        <translation>주방(&amp;I)</translation>
    </message>
    <message>
        <source>Trainin&amp;g race</source>
        <translation>학습 경주(&amp;G)</translation>
    </message>
    <message>
        <source>Tr&amp;ansfers</source>
        <translation>전송(&amp;A)</translation>
    </message>
    <message>
        <source>Mem&amp;ory</source>
        <translation>메모리(&amp;O)</translation>
    </message>
</context>
<context>
    <name>tk::MatmulRace</name>
    <message>
        <source>A race is already running.</source>
        <translation>이미 경주가 진행 중입니다.</translation>
    </message>
</context>
<context>
    <name>tk::MatmulRaceCharts</name>
    <message>
        <source>Time per A @ B</source>
        <translation>A @ B 1회당 시간</translation>
    </message>
    <message>
        <source>N (A and B are N × N)</source>
        <translation>N (A와 B는 N × N)</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>초</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>처리량</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>GFLOP/s (2N³ / time)</source>
        <translation>GFLOP/s (2N³ / 시간)</translation>
    </message>
    <message>
        <source>GPU speed-up over the CPU</source>
        <translation>CPU 대비 GPU 속도 향상</translation>
    </message>
    <message>
        <source>Several cooks vs one</source>
        <translation>요리사 여럿 대 한 명</translation>
    </message>
    <message>
        <source>speed-up (×)</source>
        <translation>속도 향상 (×)</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 대 %2</translation>
    </message>
    <message>
        <source>GPU wins from N ≈ %1</source>
        <translation>N ≈ %1부터 GPU 승리</translation>
    </message>
    <message>
        <source>Several cooks win from N ≈ %1</source>
        <translation>N ≈ %1부터 요리사 여럿이 승리</translation>
    </message>
    <message>
        <source>GPU wins at every N tried</source>
        <translation>시도한 모든 N에서 GPU 승리</translation>
    </message>
    <message>
        <source>Several cooks win at every N tried</source>
        <translation>시도한 모든 N에서 요리사 여럿이 승리</translation>
    </message>
    <message>
        <source>GPU has not won yet (up to N = %1)</source>
        <translation>GPU가 아직 이기지 못함 (N = %1까지)</translation>
    </message>
    <message>
        <source>One cook keeps up so far (up to N = %1)</source>
        <translation>지금까지는 요리사 한 명으로도 충분함 (N = %1까지)</translation>
    </message>
    <message>
        <source>speed-up ×%1</source>
        <translation>속도 향상 ×%1</translation>
    </message>
    <message>
        <source>%1 per matmul (IQR %2 %)
%3 GFLOP/s
first call: %4</source>
        <translation>행렬 곱 1회당 %1 (IQR %2 %)
%3 GFLOP/s
첫 호출: %4</translation>
    </message>
    <message>
        <source>Tensor Kitchen matmul race</source>
        <translation>Tensor Kitchen 행렬 곱 경주</translation>
    </message>
</context>
<context>
    <name>tk::MatmulRacePanel</name>
    <message>
        <source>point %1 of %2</source>
        <translation>측정점 %1 / %2</translation>
    </message>
    <message>
        <source> s</source>
        <translation>초</translation>
    </message>
    <message>
        <source>Time spent on whole timed blocks per point (torch.utils.benchmark&apos;s min_run_time).</source>
        <translation>측정점마다 시간을 재는 블록들에 쓰는 총 시간입니다(torch.utils.benchmark의 min_run_time).</translation>
    </message>
    <message>
        <source>Also race 1 thread (one cook)</source>
        <translation>스레드 1개(요리사 한 명)도 경주</translation>
    </message>
    <message>
        <source>GPU compute only</source>
        <translation>GPU 계산만</translation>
    </message>
    <message>
        <source>A and B already on the GPU; the clock is read after torch.cuda.synchronize().</source>
        <translation>A와 B는 이미 GPU에 있습니다. 시계는 torch.cuda.synchronize() 뒤에 읽습니다.</translation>
    </message>
    <message>
        <source>GPU end-to-end (with copies)</source>
        <translation>GPU 처음부터 끝까지 (복사 포함)</translation>
    </message>
    <message>
        <source>A and B start on the CPU: copy them in, multiply, copy the result back. Moving ingredients costs time.</source>
        <translation>A와 B는 CPU에서 시작합니다. GPU로 복사해 곱한 뒤 결과를 다시 복사해 옵니다. 재료를 옮기는 데도 시간이 듭니다.</translation>
    </message>
    <message>
        <source>GPU naive timing (no sync)</source>
        <translation>GPU 단순 측정 (동기화 없음)</translation>
    </message>
    <message>
        <source>GPU work is asynchronous. Without torch.cuda.synchronize() before reading the clock, you time only the launch of the kernel.</source>
        <translation>GPU 작업은 비동기입니다. 시계를 읽기 전에 torch.cuda.synchronize()를 호출하지 않으면 커널을 띄우는 시간만 재게 됩니다.</translation>
    </message>
    <message>
        <source>dtype:</source>
        <translation>dtype:</translation>
    </message>
    <message>
        <source>N from:</source>
        <translation>N 시작:</translation>
    </message>
    <message>
        <source>N to:</source>
        <translation>N 끝:</translation>
    </message>
    <message>
        <source>Min run time:</source>
        <translation>최소 실행 시간:</translation>
    </message>
    <message>
        <source>CPU threads:</source>
        <translation>CPU 스레드:</translation>
    </message>
    <message>
        <source>Lanes</source>
        <translation>레인</translation>
    </message>
    <message>
        <source>&lt;b&gt;No GPU curve:&lt;/b&gt; %1&lt;br&gt;&lt;br&gt;Instead the race shows one cook (1 thread) against all %2 of them: many hands win big jobs, but for small ones the cost of sharing the work out is larger than the work.</source>
        <translation>&lt;b&gt;GPU 곡선 없음:&lt;/b&gt; %1&lt;br&gt;&lt;br&gt;대신 이 경주는 요리사 한 명(스레드 1개)과 요리사 %2명 모두를 견줍니다. 큰 일은 손이 많을수록 이기지만, 작은 일은 일을 나누는 비용이 일 자체보다 큽니다.</translation>
    </message>
    <message>
        <source>&amp;Run race</source>
        <translation>경주 시작(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>취소(&amp;C)</translation>
    </message>
    <message>
        <source>Set the sizes and press Run.</source>
        <translation>크기를 정하고 ‘경주 시작’을 누르세요.</translation>
    </message>
    <message>
        <source>&lt;h3&gt;The potato-peeling race&lt;/h3&gt;A @ B for N × N matrices: N³ multiply-adds (2N³ operations), like peeling N³ potatoes. Timed as torch.utils.benchmark does.</source>
        <translation>&lt;h3&gt;감자 깎기 경주&lt;/h3&gt;N × N 행렬의 A @ B: 곱셈·덧셈 N³번(연산으로는 2N³번)으로, 감자 N³개를 깎는 일과 같습니다. 시간은 torch.utils.benchmark와 같은 방법으로 잽니다.</translation>
    </message>
    <message>
        <source>Warming up…</source>
        <translation>예열 중…</translation>
    </message>
    <message>
        <source>Cancelling after the current block…</source>
        <translation>현재 블록이 끝나면 취소합니다…</translation>
    </message>
    <message>
        <source>Point %1 of %2: %3, N = %4: %5 per matmul, %6 GFLOP/s%7</source>
        <translation>측정점 %1/%2: %3, N = %4: 행렬 곱 1회당 %5, %6 GFLOP/s%7</translation>
    </message>
    <message>
        <source> — noisy: IQR is over 10 % of the median</source>
        <translation> — 잡음 큼: IQR이 중앙값의 10 %를 넘습니다</translation>
    </message>
    <message>
        <source>Export race</source>
        <translation>경주 내보내기</translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF document (*.pdf);;CSV table (*.csv);;JSON with receipt (*.json)</source>
        <translation>PNG 이미지 (*.png);;PDF 문서 (*.pdf);;CSV 표 (*.csv);;실행 정보(receipt) 포함 JSON (*.json)</translation>
    </message>
    <message>
        <source>Could not write %1. %2</source>
        <translation>%1 파일을 쓰지 못했습니다. %2</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>내보내기(&amp;X)…</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n points.</source>
        <translation>
            <numerusform>측정점 %n개를 마친 뒤 취소했습니다.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %n points. %1</source>
        <translation>
            <numerusform>완료: 측정점 %n개. %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Python lane (torch.matmul from Python)</source>
        <translation>Python 레인(Python에서 호출하는 torch.matmul)</translation>
    </message>
    <message>
        <source>The same A @ B typed in Python and timed by torch.utils.benchmark in %1, beside each C++ lane at full strength: the gap at small N is what Python costs per call; at large N the two meet.</source>
        <translation>같은 A @ B를 %1에서 Python으로 입력하고 torch.utils.benchmark로 잽니다. 전체 스레드를 쓰는 각 C++ 레인과 나란히 놓입니다. 작은 N에서 벌어지는 차이가 호출마다 Python을 거치는 데 드는 비용이고, 큰 N에서는 두 레인이 만납니다.</translation>
    </message>
</context>
<context>
    <name>tk::MemoryPanel</name>
    <message>
        <source>Device memory over time</source>
        <translation>시간에 따른 장치 메모리</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>초</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cards&lt;/b&gt;: bytes held by the tensors on the panes (a storage shared by several cards counts once). &lt;b&gt;Allocated&lt;/b&gt; (CUDA): bytes in live tensors. &lt;b&gt;Reserved&lt;/b&gt; (CUDA): what PyTorch&apos;s caching allocator holds from the driver — freed tensors leave their blocks here for reuse, so nvidia-smi and other programs still see them as used. torch.cuda.empty_cache() hands the unused blocks back; it frees no live tensor.</source>
        <translation>&lt;b&gt;카드&lt;/b&gt;: 각 영역의 텐서들이 차지한 바이트입니다(여러 카드가 함께 쓰는 저장소는 한 번만 셉니다). &lt;b&gt;할당됨&lt;/b&gt;(CUDA): 살아 있는 텐서의 바이트입니다. &lt;b&gt;예약됨&lt;/b&gt;(CUDA): PyTorch의 캐싱 할당자가 드라이버에서 받아 쥐고 있는 양입니다. 해제된 텐서의 블록은 재사용을 위해 여기에 남으므로, nvidia-smi와 다른 프로그램에는 여전히 사용 중으로 보입니다. torch.cuda.empty_cache()는 쓰지 않는 블록을 돌려줄 뿐, 살아 있는 텐서는 해제하지 않습니다.</translation>
    </message>
    <message>
        <source>Needs a CUDA device: the CPU has no caching allocator to empty.</source>
        <translation>CUDA 장치가 필요합니다. CPU에는 비울 캐싱 할당자가 없습니다.</translation>
    </message>
    <message>
        <source>%1 cards</source>
        <translation>%1 카드</translation>
    </message>
    <message>
        <source>%1: cards %2</source>
        <translation>%1: 카드 %2</translation>
    </message>
    <message>
        <source>torch.cuda.empty_cache()</source>
        <translation>torch.cuda.empty_cache()</translation>
    </message>
    <message>
        <source>%1 allocated</source>
        <translation>%1 할당됨</translation>
    </message>
    <message>
        <source>%1 reserved</source>
        <translation>%1 예약됨</translation>
    </message>
    <message>
        <source>, allocated %1, reserved %2, total %3</source>
        <translation>, 할당됨 %1, 예약됨 %2, 전체 %3</translation>
    </message>
    <message>
        <source> of %1 (%2 free)</source>
        <translation> / 전체 %1 (%2 여유)</translation>
    </message>
    <message>
        <source>%1 reserved: %2 → %3</source>
        <translation>%1 예약됨: %2 → %3</translation>
    </message>
    <message>
        <source>No CUDA device: there was no cache to empty.</source>
        <translation>CUDA 장치가 없어 비울 캐시가 없었습니다.</translation>
    </message>
    <message>
        <source>Em&amp;pty cache</source>
        <translation>캐시 비우기(&amp;P)</translation>
    </message>
    <message>
        <source>Emptied the CUDA cache: see the Memory tab for before and after.</source>
        <translation>CUDA 캐시를 비웠습니다. 비우기 전후는 메모리 탭에서 볼 수 있습니다.</translation>
    </message>
</context>
<context>
    <name>tk::NewTensorDialog</name>
    <message>
        <source>New tensor</source>
        <translation>새 텐서</translation>
    </message>
    <message>
        <source>e.g. 2, 3 or 4096x4096</source>
        <translation>예: 2, 3 또는 4096x4096</translation>
    </message>
    <message>
        <source>device (cuda if available, else cpu)</source>
        <translation>device (가능하면 cuda, 아니면 cpu)</translation>
    </message>
    <message>
        <source>&amp;Factory:</source>
        <translation>생성 함수(&amp;F):</translation>
    </message>
    <message>
        <source>&amp;Shape:</source>
        <translation>모양(&amp;S):</translation>
    </message>
    <message>
        <source>&amp;dtype:</source>
        <translation>dtype(&amp;D):</translation>
    </message>
    <message>
        <source>De&amp;vice:</source>
        <translation>장치(&amp;V):</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>이름(&amp;N):</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>시드(&amp;E):</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>만들기</translation>
    </message>
    <message>
        <source>“%1” is not a usable Python name.</source>
        <translation>“%1”은(는) Python 이름으로 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>There is already a card named %1.</source>
        <translation>이름이 %1인 카드가 이미 있습니다.</translation>
    </message>
    <message>
        <source>Fill va&amp;lue:</source>
        <translation>채울 값(&amp;L):</translation>
    </message>
</context>
<context>
    <name>tk::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>환경설정</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>시스템 설정 따르기</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>밝게</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>어둡게</translation>
    </message>
    <message>
        <source>x.to(d)  (result discarded)</source>
        <translation>x.to(d)  (결과 버림)</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>언어(&amp;L):</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>테마(&amp;T):</translation>
    </message>
    <message>
        <source>A drag &amp;means:</source>
        <translation>끌어 놓기의 뜻(&amp;M):</translation>
    </message>
    <message>
        <source>A new language applies when Tensor Kitchen starts again.</source>
        <translation>새 언어는 Tensor Kitchen을 다시 시작하면 적용됩니다.</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>환경설정(&amp;P)…</translation>
    </message>
</context>
<context>
    <name>tk::ProgramFeed</name>
    <message>
        <source>Nothing the program names is on %1 now.</source>
        <translation>프로그램이 이름 붙인 것 중 지금 %1에 있는 것은 없습니다.</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>(이름 없음)</translation>
    </message>
    <message>
        <source> · %1</source>
        <translation> · %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n parameters · %2</source>
        <translation>
            <numerusform>%1 · 파라미터 %n개 · %2</numerusform>
        </translation>
    </message>
    <message>
        <source>tensor%1 %2 · %3</source>
        <translation>tensor%1 %2 · %3</translation>
    </message>
    <message>
        <source>compute capability %1</source>
        <translation>연산 능력(compute capability) %1</translation>
    </message>
    <message>
        <source>its named tensors and modules here: %1</source>
        <translation>여기 있는 이 프로그램의 이름 붙은 텐서와 모듈: %1</translation>
    </message>
    <message>
        <source>Allocated %1 (peak %2), reserved %3 of %4
%5</source>
        <translation>할당됨 %1 (최대 %2), 예약됨 %3 / 전체 %4
%5</translation>
    </message>
    <message>
        <source>The process holds %1 (peak %2) of %3
%4</source>
        <translation>프로세스가 %3 중 %1 사용 (최대 %2)
%4</translation>
    </message>
</context>
<context>
    <name>tk::ProgramKitchen</name>
    <message>
        <source>program</source>
        <translation>프로그램</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>The program&apos;s connection is gone.</source>
        <translation>프로그램과의 연결이 끊겼습니다.</translation>
    </message>
    <message>
        <source>waiting for its hello</source>
        <translation>hello를 기다리는 중</translation>
    </message>
    <message>
        <source>running</source>
        <translation>실행 중</translation>
    </message>
    <message>
        <source>ended (exit code %1)</source>
        <translation>종료됨 (종료 코드 %1)</translation>
    </message>
    <message>
        <source>ended</source>
        <translation>종료됨</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>거부됨: %1</translation>
    </message>
    <message>
        <source>%1 raised: %2</source>
        <translation>%1에서 오류가 났습니다: %2</translation>
    </message>
    <message>
        <source>Show details</source>
        <translation>자세히 보기</translation>
    </message>
    <message>
        <source>%1 — %2 raised an error%3: %4</source>
        <translation>%1 — %2에서 오류가 났습니다%3: %4</translation>
    </message>
    <message numerus="yes">
        <source>%1 · pid %2 · Python %3 · torch %4 · %5 · %6 · %n moves shown</source>
        <translation>
            <numerusform>%1 · pid %2 · Python %3 · torch %4 · %5 · %6 · 이동 %n개 표시</numerusform>
        </translation>
    </message>
    <message>
        <source>Not everything arrived: dropped by the watcher while the app was busy: %1; lines malformed: %2, too long: %3, of an unknown type: %4.</source>
        <translation>모두 도착하지는 않았습니다: 앱이 바쁜 동안 감시 도구가 버린 메시지 %1개, 형식이 잘못된 줄 %2개, 너무 긴 줄 %3개, 알 수 없는 유형의 줄 %4개.</translation>
    </message>
    <message>
        <source>%1 · rank %2 of %3</source>
        <translation>%1 · 랭크 %2/%3</translation>
    </message>
    <message>
        <source>%1    # %2</source>
        <translation>%1    # %2</translation>
    </message>
    <message>
        <source> at %1</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <source>the recording stopped at its cap of %1, %2 s in: %3 messages (%4 steps) after it were not recorded</source>
        <translation>기록 파일은 %2초 지점에서 상한 %1에 이르러 멈췄고, 그 뒤의 메시지 %3개(스텝 %4개)는 기록되지 않았습니다</translation>
    </message>
    <message>
        <source>the recording stopped at its cap of %1, %2 s in</source>
        <translation>기록 파일은 %2초 지점에서 상한 %1에 이르러 멈췄습니다</translation>
    </message>
    <message>
        <source>Trying the fix: %1</source>
        <translation>고친 것을 실행해 보는 중: %1</translation>
    </message>
    <message>
        <source>To measure this fix, Tensor Kitchen runs %1 again %2 times: %3 as it is and %3 with the fix applied where the DataLoader is made, taking turns. Each run is stopped after %4 optimizer steps, and their step times are compared.

The runs do what the program does (files it writes are written again); their output is not shown. You can cancel them.

In %5:
%6</source>
        <translation>고친 효과를 재려고 Tensor Kitchen이 %1 프로그램을 %2번 다시 실행합니다. 그대로 %3번, DataLoader를 만드는 곳에 고친 것을 적용해 %3번, 번갈아 실행합니다. 실행마다 옵티마이저 스텝 %4번 뒤에 멈추고 스텝 시간을 비교합니다.

다시 실행한 프로그램은 원래 하던 일을 그대로 합니다(쓰는 파일은 다시 씁니다). 출력은 보여 주지 않습니다. 실행 중에 취소할 수 있습니다.

%5에서:
%6</translation>
    </message>
    <message>
        <source>Try the fix</source>
        <translation>고친 것을 실행해 보기</translation>
    </message>
    <message>
        <source>Run it again</source>
        <translation>다시 실행</translation>
    </message>
    <message>
        <source>Could not try the fix: %1</source>
        <translation>고친 것을 실행해 볼 수 없습니다: %1</translation>
    </message>
    <message>
        <source>Trying the fix: starting…</source>
        <translation>고친 것을 실행해 보는 중: 시작…</translation>
    </message>
    <message>
        <source>The fix was not measured: %1</source>
        <translation>고친 것을 재지 못했습니다: %1</translation>
    </message>
    <message>
        <source>Measured, %1 and %2 steps: as it is %3 ms a step, with the fix %4 ms</source>
        <translation>잰 결과(%1 스텝과 %2 스텝): 그대로 스텝당 %3 ms, 고쳐서 %4 ms</translation>
    </message>
    <message>
        <source>%1× faster.</source>
        <translation>%1배 빠릅니다.</translation>
    </message>
    <message>
        <source>%1× slower: on this program the fix does not pay.</source>
        <translation>%1배 느립니다: 이 프로그램에서는 이렇게 고쳐도 이득이 없습니다.</translation>
    </message>
    <message>
        <source>Predicted: %1 ms.</source>
        <translation>예측: %1 ms.</translation>
    </message>
    <message>
        <source>Applied: %1</source>
        <translation>적용한 것: %1</translation>
    </message>
    <message>
        <source>The fix changed no DataLoader: nothing was applied.</source>
        <translation>고칠 DataLoader가 없어 아무것도 적용하지 않았습니다.</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>참고: %1</translation>
    </message>
</context>
<context>
    <name>tk::PythonChooser</name>
    <message>
        <source>Which Python?</source>
        <translation>어느 Python을 쓸까요?</translation>
    </message>
    <message>
        <source>The Python to run %1 with: its own torch is the one watched.</source>
        <translation>%1을(를) 실행할 Python을 고르세요. 그 Python에 설치된 torch를 감시합니다.</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>찾아보기(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>실행(&amp;R)</translation>
    </message>
    <message>
        <source>Choose a Python interpreter</source>
        <translation>Python 인터프리터 고르기</translation>
    </message>
    <message>
        <source>your last choice</source>
        <translation>지난번 선택</translation>
    </message>
    <message>
        <source>chosen</source>
        <translation>직접 고름</translation>
    </message>
    <message>
        <source>%1 — %2 · asking…</source>
        <translation>%1 — %2 · 확인 중…</translation>
    </message>
    <message>
        <source>%1 — %2 · does not run</source>
        <translation>%1 — %2 · 실행되지 않음</translation>
    </message>
    <message>
        <source>%1 — %2 · Python %3, no torch</source>
        <translation>%1 — %2 · Python %3, torch 없음</translation>
    </message>
    <message>
        <source>%1 — %2 · Python %3, torch %4</source>
        <translation>%1 — %2 · Python %3, torch %4</translation>
    </message>
    <message>
        <source>No Python was found: choose one with Browse…</source>
        <translation>Python을 찾지 못했습니다. 찾아보기로 고르세요.</translation>
    </message>
    <message>
        <source>Asking %1 for its versions…</source>
        <translation>%1의 버전을 확인하는 중…</translation>
    </message>
    <message>
        <source>%1 does not run as a Python: %2</source>
        <translation>%1은(는) Python으로 실행되지 않습니다: %2</translation>
    </message>
    <message>
        <source>This Python has no torch: the script would fail at import torch. Install torch there, or choose another.</source>
        <translation>이 Python에는 torch가 없어서 스크립트가 import torch에서 실패합니다. 이 Python에 torch를 설치하거나 다른 Python을 고르세요.</translation>
    </message>
    <message>
        <source>Python %1 with torch %2: the watcher package is put on its path for this run only; nothing is installed.</source>
        <translation>Python %1, torch %2. 감시 도구 패키지는 이번 실행에서만 경로에 추가되며, 아무것도 설치하지 않습니다.</translation>
    </message>
</context>
<context>
    <name>tk::PythonProbe</name>
    <message>
        <source>it did not answer as a Python does</source>
        <translation>Python처럼 답하지 않았습니다</translation>
    </message>
</context>
<context>
    <name>tk::ReplicaOptions</name>
    <message>
        <source>DistributedDataParallel ×</source>
        <translation>DistributedDataParallel ×</translation>
    </message>
    <message>
        <source>Ranks: processes on this machine, 1 to %1.</source>
        <translation>랭크: 이 PC의 프로세스, 1~%1개.</translation>
    </message>
    <message>
        <source>· CPU</source>
        <translation>· CPU</translation>
    </message>
    <message>
        <source>One rank per GPU, rank r on cuda:r, over NCCL.</source>
        <translation>GPU마다 랭크 하나, 랭크 r은 cuda:r에서, NCCL로 주고받습니다.</translation>
    </message>
    <message>
        <source>· GPUs</source>
        <translation>· GPU</translation>
    </message>
    <message>
        <source>nn.DataParallel: one process scatters each batch over the GPUs, runs a replica of the model on each and gathers the outputs on cuda:0 — every step.</source>
        <translation>nn.DataParallel: 프로세스 하나가 스텝마다 배치를 여러 GPU에 나누어 보내고, GPU마다 모델 레플리카를 돌린 뒤 출력을 cuda:0에 모읍니다.</translation>
    </message>
    <message>
        <source>Trains the DDP lane briefly on 1, 2, 3, 4 ranks and charts samples/s and the all-reduce&apos;s share of the step (tab “Replicas”).</source>
        <translation>DDP 레인을 랭크 1, 2, 3, 4개로 잠깐씩 학습하고 샘플/초와 스텝에서 all-reduce가 차지하는 비율을 차트로 그립니다(“레플리카” 탭).</translation>
    </message>
    <message numerus="yes">
        <source>DataParallel · one process, %n GPUs</source>
        <translation>
            <numerusform>DataParallel · 프로세스 하나, GPU %n개</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The guide&apos;s %1 does nothing on this machine (%n GPUs): the model trains on one device.</source>
        <translation>
            <numerusform>가이드의 %1은(는) 이 PC(GPU %n개)에서는 아무 일도 하지 않습니다. 모델은 장치 하나에서 학습합니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>Sweep ra&amp;nks</source>
        <translation>랭크 수 바꿔 보기(&amp;N)</translation>
    </message>
    <message>
        <source>Stop ra&amp;nk sweep</source>
        <translation>랭크 수 바꿔 보기 중지(&amp;N)</translation>
    </message>
    <message>
        <source>The same model, seed, batches and optimizer, trained by Python PyTorch in a process of its own (python -m tensorkitchen.replicas --parallel none): what a plain training script gets, moving each batch with .to(). Beside the LibTorch C++ lane on the same device, the gap is what Python costs per step.</source>
        <translation>같은 모델, 시드, 배치, 옵티마이저를 별도 프로세스의 Python PyTorch로 학습합니다(python -m tensorkitchen.replicas --parallel none). 배치마다 .to()로 옮기는 평범한 학습 스크립트가 얻는 속도입니다. 같은 장치의 LibTorch C++ 레인과의 차이가 스텝마다 Python을 거치는 데 드는 비용입니다.</translation>
    </message>
    <message>
        <source>N Python processes (ranks), each with its own copy of the model, train on 1/N of every global batch (DistributedSampler) and average their gradients with all-reduces that overlap the backward pass, bucket by bucket (torch.distributed, gloo on 127.0.0.1). DDP starts every copy from rank 0&apos;s parameters; with the same batches the losses match one process&apos;s.</source>
        <translation>Python 프로세스(랭크) N개가 저마다 모델 레플리카를 들고 전체 배치마다 1/N씩 학습합니다(DistributedSampler). 기울기의 평균은 버킷마다 all-reduce로 내며, 이 all-reduce는 역전파와 겹쳐 진행됩니다(torch.distributed, 127.0.0.1에서 도는 gloo). DDP는 모든 레플리카를 랭크 0의 파라미터에서 출발시키므로, 배치가 같으면 손실은 프로세스 하나일 때와 같습니다.</translation>
    </message>
</context>
<context>
    <name>tk::ReplicaStrip</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: starting the ranks…</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: 랭크들을 띄우는 중…</translation>
    </message>
    <message>
        <source>step %1 ms · all-reduce %2 ms</source>
        <translation>스텝 %1 ms · all-reduce %2 ms</translation>
    </message>
    <message>
        <source>Medians so far: forward %1 ms, backward %2 ms (it includes waiting for the all-reduce), all-reduce %3 ms of %4 bytes over %5.</source>
        <translation>지금까지의 중앙값: 순전파 %1 ms, 역전파 %2 ms(all-reduce를 기다리는 시간 포함), %5로 %4바이트를 all-reduce하는 데 %3 ms.</translation>
    </message>
    <message>
        <source>%1: %2 ranks with %3 threads in all on %4 hardware threads: the ranks share the cores, and every step also waits for the all-reduce.</source>
        <translation>%1: 하드웨어 스레드 %4개에서 랭크 %2개가 모두 합쳐 스레드 %3개를 씁니다. 랭크들이 코어를 나누어 쓰고, 스텝마다 all-reduce도 기다립니다.</translation>
    </message>
    <message>
        <source>%1: %2 ranks with %3 threads in all on %4 hardware threads: the same cores one process would use, split between the ranks; every step also waits for the all-reduce.</source>
        <translation>%1: 하드웨어 스레드 %4개에서 랭크 %2개가 모두 합쳐 스레드 %3개를 씁니다. 프로세스 하나가 쓸 코어를 랭크들이 나누어 쓰고, 스텝마다 all-reduce도 기다립니다.</translation>
    </message>
    <message numerus="yes">
        <source>rank %1 · %2 · pid %3 · %n threads</source>
        <translation>
            <numerusform>랭크 %1 · %2 · pid %3 · 스레드 %n개</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>one process · %1 · pid %2 · %n threads</source>
        <translation>
            <numerusform>프로세스 하나 · %1 · pid %2 · 스레드 %n개</numerusform>
        </translation>
    </message>
    <message>
        <source>step %1 ms</source>
        <translation>스텝 %1 ms</translation>
    </message>
    <message>
        <source>Medians so far: forward %1 ms, backward %2 ms.</source>
        <translation>지금까지의 중앙값: 순전파 %1 ms, 역전파 %2 ms.</translation>
    </message>
</context>
<context>
    <name>tk::ReplicaSweep</name>
    <message>
        <source>A sweep is already running.</source>
        <translation>바꿔 보기가 이미 실행 중입니다.</translation>
    </message>
    <message>
        <source>Choose at least one number of ranks.</source>
        <translation>랭크 수를 하나 이상 고르세요.</translation>
    </message>
</context>
<context>
    <name>tk::ReplicaSweepChart</name>
    <message>
        <source>Do more ranks train faster?</source>
        <translation>랭크가 많을수록 더 빨리 학습할까요?</translation>
    </message>
    <message>
        <source>ranks (processes)</source>
        <translation>랭크 (프로세스)</translation>
    </message>
    <message>
        <source>samples/s (the whole group)</source>
        <translation>샘플/초 (그룹 전체)</translation>
    </message>
    <message>
        <source>all-reduce share of the step (%)</source>
        <translation>스텝에서 all-reduce가 차지하는 비율 (%)</translation>
    </message>
    <message>
        <source>Check DistributedDataParallel under Lanes and press Sweep ranks: the DDP lane trains briefly on each number of ranks.</source>
        <translation>레인에서 DistributedDataParallel을 고르고 ‘랭크 수 바꿔 보기’를 누르세요. DDP 레인이 랭크 수마다 잠깐씩 학습합니다.</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>샘플/초</translation>
    </message>
    <message>
        <source>all-reduce share (%), right axis</source>
        <translation>all-reduce 비율 (%), 오른쪽 축</translation>
    </message>
    <message>
        <source>%1 hardware threads</source>
        <translation>하드웨어 스레드 %1개</translation>
    </message>
    <message>
        <source>%1 on %2 ranks: %3 samples/s, a step takes %4 ms of which the all-reduce %5 ms (%6 %, %7 bytes per rank); final loss %8.</source>
        <translation>랭크 %2개의 %1: %3 샘플/초, 스텝 하나에 %4 ms, 그 가운데 all-reduce %5 ms (%6 %, 랭크마다 %7바이트), 최종 손실 %8.</translation>
    </message>
    <message>
        <source>; one rank: %1 samples/s</source>
        <translation>, 랭크 하나: %1 샘플/초</translation>
    </message>
    <message numerus="yes">
        <source>%1: most samples/s on %n ranks (%2)</source>
        <translation>
            <numerusform>%1: 랭크 %n개일 때 샘플/초가 가장 높습니다 (%2)</numerusform>
        </translation>
    </message>
    <message>
        <source>This machine has %1 hardware threads. Every rank is a process of its own with its own copy of the model; the cores are split between them, and during each backward pass they wait for one another to average the gradients (the all-reduces). On a GPU machine each rank has a GPU of its own instead.</source>
        <translation>이 PC에는 하드웨어 스레드가 %1개 있습니다. 랭크는 저마다 모델 레플리카를 든 별개의 프로세스입니다. 코어는 랭크들이 나누어 쓰고, 랭크들은 역전파 동안 서로를 기다려 기울기의 평균을 냅니다(all-reduce). GPU가 있는 PC라면 랭크마다 자기 GPU를 씁니다.</translation>
    </message>
</context>
<context>
    <name>tk::SessionController</name>
    <message>
        <source>Open session</source>
        <translation>세션 열기</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>세션 저장</translation>
    </message>
    <message>
        <source>Load tensors</source>
        <translation>텐서 불러오기</translation>
    </message>
    <message>
        <source>Export code</source>
        <translation>코드 내보내기</translation>
    </message>
    <message>
        <source>Python (*.py)</source>
        <translation>Python 파일 (*.py)</translation>
    </message>
    <message>
        <source>Wrote %1: it runs under PyTorch.</source>
        <translation>%1 파일을 저장했습니다. PyTorch에서 실행할 수 있습니다.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 파일에 쓸 수 없습니다: %2</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>%1 파일을 열었습니다.</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 파일로 저장했습니다.</translation>
    </message>
    <message>
        <source>Loaded %1.</source>
        <translation>%1 파일을 불러왔습니다.</translation>
    </message>
    <message>
        <source>Recover the kitchen?</source>
        <translation>주방을 복구할까요?</translation>
    </message>
    <message>
        <source>Tensor Kitchen did not close properly last time. Restore the cards from the last autosave?</source>
        <translation>지난번에 Tensor Kitchen이 제대로 종료되지 않았습니다. 마지막 자동 저장에서 카드를 복원할까요?</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>제목 없음</translation>
    </message>
    <message>
        <source>%1%2 — Tensor Kitchen</source>
        <translation>%1%2 — Tensor Kitchen</translation>
    </message>
    <message>
        <source>The kitchen is back as it was when Tensor Kitchen was asked to quit.</source>
        <translation>Tensor Kitchen에 종료를 요청했을 때의 주방 그대로 돌아왔습니다.</translation>
    </message>
    <message>
        <source>Save tensors as safetensors</source>
        <translation>텐서를 safetensors로 저장</translation>
    </message>
    <message>
        <source>Another Tensor Kitchen window is open: it keeps the autosave, this one autosaves to %1.</source>
        <translation>다른 Tensor Kitchen 창이 열려 있습니다. 자동 저장은 그 창이 맡고, 이 창은 다음 위치에 자동 저장합니다: %1</translation>
    </message>
    <message>
        <source>&amp;Open session…</source>
        <translation>세션 열기(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save session</source>
        <translation>세션 저장(&amp;S)</translation>
    </message>
    <message>
        <source>Save session &amp;as…</source>
        <translation>다른 이름으로 세션 저장(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Export code…</source>
        <translation>코드 내보내기(&amp;E)…</translation>
    </message>
    <message>
        <source>Save as safe&amp;tensors…</source>
        <translation>safetensors로 저장(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Load tensors (%1)…</source>
        <translation>텐서 불러오기(%1)(&amp;L)…</translation>
    </message>
</context>
<context>
    <name>tk::StepChart</name>
    <message>
        <source>Each step: copying, waiting for data, the rest</source>
        <translation>스텝마다: 복사, 데이터 대기, 나머지</translation>
    </message>
    <message>
        <source>milliseconds</source>
        <translation>밀리초</translation>
    </message>
    <message>
        <source>the rest (compute, Python)</source>
        <translation>나머지 (계산, Python)</translation>
    </message>
    <message>
        <source>waiting for the DataLoader</source>
        <translation>DataLoader 대기</translation>
    </message>
    <message>
        <source>copying between devices</source>
        <translation>장치 간 복사</translation>
    </message>
    <message>
        <source>bytes moved</source>
        <translation>옮긴 바이트</translation>
    </message>
    <message>
        <source>bytes moved in the step</source>
        <translation>스텝에서 옮긴 바이트</translation>
    </message>
    <message>
        <source>Each cell: copying, waiting for data, the rest</source>
        <translation>셀마다: 복사, 데이터 대기, 나머지</translation>
    </message>
    <message>
        <source>cell (execution count)</source>
        <translation>셀 (실행 번호)</translation>
    </message>
    <message>
        <source>bytes moved in the cell</source>
        <translation>셀에서 옮긴 바이트</translation>
    </message>
    <message>
        <source>in torch.distributed collectives</source>
        <translation>torch.distributed 집합 통신</translation>
    </message>
    <message>
        <source>GPU idle before the step&apos;s work</source>
        <translation>스텝의 일 전 GPU 유휴 시간</translation>
    </message>
    <message>
        <source>step (counted from 1)</source>
        <translation>스텝 (1부터 센 번호)</translation>
    </message>
    <message>
        <source>Cell [%1]: %2</source>
        <translation>셀 [%1]: %2</translation>
    </message>
    <message>
        <source>Step %1: %2</source>
        <translation>스텝 %1: %2</translation>
    </message>
    <message>
        <source>from the watcher&apos;s start: the program&apos;s start-up is in it</source>
        <translation>감시 도구가 시작한 때부터 잰 시간이라 프로그램의 시작 준비가 들어 있습니다</translation>
    </message>
    <message>
        <source>copying between devices: %1</source>
        <translation>장치 간 복사: %1</translation>
    </message>
    <message>
        <source>waiting for the DataLoader: %1</source>
        <translation>DataLoader 대기: %1</translation>
    </message>
    <message>
        <source>in torch.distributed collectives: %1</source>
        <translation>torch.distributed 집합 통신: %1</translation>
    </message>
    <message>
        <source>the rest (compute, Python): %1</source>
        <translation>나머지 (계산, Python): %1</translation>
    </message>
    <message>
        <source>the GPU sat idle %1 before its work</source>
        <translation>일을 받기 전 GPU 유휴 시간: %1</translation>
    </message>
    <message>
        <source>%1 ↑ start-up</source>
        <translation>%1 ↑ 시작 준비</translation>
    </message>
    <message>
        <source>%1 ↑</source>
        <translation>%1 ↑</translation>
    </message>
    <message numerus="yes">
        <source>moved %1 in %n moves</source>
        <translation>
            <numerusform>이동 %n번, %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tk::TensorCard</name>
    <message>
        <source>◆ %1</source>
        <translation>◆ %1</translation>
    </message>
    <message>
        <source>Storage %1. Cards with the same storage mark share memory: a view, or a to() to the device the tensor was already on. A new mark means a new copy.</source>
        <translation>저장소 %1. 저장소 표시가 같은 카드는 메모리를 함께 씁니다. 뷰(view)이거나, 텐서가 이미 있던 장치로 to()를 호출한 경우입니다. 새 표시는 새 복사본이라는 뜻입니다.</translation>
    </message>
    <message>
        <source>nn.Module</source>
        <translation>nn.Module</translation>
    </message>
    <message>
        <source>no .to() needed</source>
        <translation>.to() 필요 없음</translation>
    </message>
    <message>
        <source>holds no tensors</source>
        <translation>텐서 없음</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>데이터 없음</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>옵티마이저</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>손실 함수</translation>
    </message>
    <message>
        <source>no values</source>
        <translation>값 없음</translation>
    </message>
    <message>
        <source>storage %1 · %2 in storage · double-click for values</source>
        <translation>저장소 %1 · 저장소에 %2 · 더블클릭하면 값 보기</translation>
    </message>
    <message>
        <source>Tensor %1 on %2</source>
        <translation>%2의 텐서 %1</translation>
    </message>
    <message>
        <source>summarising…</source>
        <translation>통계 내는 중…</translation>
    </message>
</context>
<context>
    <name>tk::TrainingRace</name>
    <message>
        <source>A training race is already running.</source>
        <translation>이미 학습 경주가 진행 중입니다.</translation>
    </message>
    <message>
        <source>Choose at least one device to train on.</source>
        <translation>학습할 장치를 하나 이상 고르세요.</translation>
    </message>
    <message>
        <source>No lane of the kind “%1” is known here.</source>
        <translation>여기서는 “%1” 종류의 레인을 알지 못합니다.</translation>
    </message>
</context>
<context>
    <name>tk::TrainingRaceCharts</name>
    <message>
        <source>step</source>
        <translation>스텝</translation>
    </message>
    <message>
        <source>cross-entropy</source>
        <translation>교차 엔트로피</translation>
    </message>
    <message>
        <source>Loss vs training time (the race)</source>
        <translation>학습 시간에 따른 손실 (경주)</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>초</translation>
    </message>
    <message>
        <source>cross-entropy (EMA)</source>
        <translation>교차 엔트로피 (EMA)</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>처리량</translation>
    </message>
    <message>
        <source>samples/s (EMA)</source>
        <translation>샘플/초 (EMA)</translation>
    </message>
    <message>
        <source>%1 (raw)</source>
        <translation>%1 (원값)</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>학습</translation>
    </message>
    <message>
        <source>Data loading</source>
        <translation>데이터 로딩</translation>
    </message>
    <message>
        <source>%1 · waited for data %2 %</source>
        <translation>%1 · 데이터 대기 %2 %</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>레플리카</translation>
    </message>
    <message>
        <source>DDP · CPU</source>
        <translation>DDP · CPU</translation>
    </message>
    <message>
        <source>DDP · GPUs</source>
        <translation>DDP · GPU</translation>
    </message>
    <message>
        <source>Loss vs step (faint: each step, bold: EMA α = %1)</source>
        <translation>스텝에 따른 손실(옅은 선: 스텝마다, 굵은 선: EMA α = %1)</translation>
    </message>
</context>
<context>
    <name>tk::TrainingRaceControls</name>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <source>SGD (momentum 0.9)</source>
        <translation>SGD (모멘텀 0.9)</translation>
    </message>
    <message>
        <source>per batch: x.to(device) each step</source>
        <translation>배치마다: 스텝마다 x.to(device)</translation>
    </message>
    <message>
        <source>preloaded on the device</source>
        <translation>장치에 미리 올려 둠</translation>
    </message>
    <message>
        <source>pinned + non_blocking</source>
        <translation>고정(pinned) 메모리 + non_blocking</translation>
    </message>
    <message>
        <source>Needs a CUDA GPU: page-locked memory only speeds up copies to one.</source>
        <translation>CUDA GPU가 필요합니다. 고정(pinned) 메모리는 GPU로 복사할 때만 속도를 높입니다.</translation>
    </message>
    <message>
        <source>Where the data lives while training: moved per batch (the usual way), all on the device up front (fast, if it fits), or staged in pinned memory and copied with non_blocking=True (GPU only).</source>
        <translation>학습하는 동안 데이터를 둘 곳입니다. 배치마다 옮기기(보통 방법), 처음부터 모두 장치에 올려 두기(다 들어가면 빠름), 또는 고정(pinned) 메모리에 준비해 두고 non_blocking=True로 복사하기(GPU 전용) 중에서 고릅니다.</translation>
    </message>
    <message>
        <source>Width:</source>
        <translation>너비:</translation>
    </message>
    <message>
        <source>Depth:</source>
        <translation>깊이:</translation>
    </message>
    <message>
        <source>Batch:</source>
        <translation>배치:</translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation>스텝:</translation>
    </message>
    <message>
        <source>Learning rate:</source>
        <translation>학습률:</translation>
    </message>
    <message>
        <source>Optimizer:</source>
        <translation>옵티마이저:</translation>
    </message>
    <message>
        <source>Data:</source>
        <translation>데이터:</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>시드:</translation>
    </message>
    <message>
        <source>Lanes</source>
        <translation>레인</translation>
    </message>
    <message>
        <source>No GPU lane: %1</source>
        <translation>GPU 레인 없음: %1</translation>
    </message>
    <message>
        <source>&amp;Train</source>
        <translation>학습(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>일시 정지(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>취소(&amp;C)</translation>
    </message>
    <message>
        <source>Press Train: every lane gets the same model, seed and batches.</source>
        <translation>‘학습’을 누르세요. 모든 레인이 같은 모델, 시드, 배치를 받습니다.</translation>
    </message>
    <message>
        <source>Lanes train &lt;b&gt;in turn&lt;/b&gt;, %1 steps each, on one worker thread: no lane shares the cores with another, every step is timed on its own (after torch.cuda.synchronize() on a GPU), and drawing the pictures is not counted. That is why the times are fair.</source>
        <translation>레인들은 백그라운드 스레드 하나에서 &lt;b&gt;번갈아&lt;/b&gt; %1 스텝씩 학습합니다. 어느 레인도 다른 레인과 코어를 나눠 쓰지 않고, 스텝마다 따로 시간을 재며(GPU에서는 torch.cuda.synchronize() 뒤에), 그림 그리는 시간은 세지 않습니다. 그래서 시간 비교가 공정합니다.</translation>
    </message>
    <message>
        <source>&lt;h3&gt;The training race&lt;/h3&gt;An MLP learns to tell two spirals apart. The model and every batch must sit on the lane&apos;s device; the optimizer and the loss need no .to().</source>
        <translation>&lt;h3&gt;학습 경주&lt;/h3&gt;MLP가 두 나선을 구별하는 법을 배웁니다. 모델과 모든 배치는 레인의 장치에 있어야 하고, 옵티마이저와 손실 함수에는 .to()가 필요 없습니다.</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>계속(&amp;R)</translation>
    </message>
    <message>
        <source>Paused: the clock stops with the lanes.</source>
        <translation>일시 정지: 레인과 함께 시계도 멈춥니다.</translation>
    </message>
    <message>
        <source>Training…</source>
        <translation>학습 중…</translation>
    </message>
    <message>
        <source>DataLoader: workers prepare batches</source>
        <translation>DataLoader: 작업자가 배치를 준비</translation>
    </message>
    <message>
        <source>Batches come from LibTorch&apos;s DataLoader; each sample costs CPU work to prepare. Shows how long the device waits for its data.</source>
        <translation>배치를 LibTorch의 DataLoader에서 받습니다. 샘플마다 준비하는 데 CPU 작업이 듭니다. 장치가 데이터를 얼마나 기다리는지 보여 줍니다.</translation>
    </message>
    <message>
        <source>A DDP lane is training: its ranks are separate processes that wait for one another at every step, so they cannot be paused, only cancelled.</source>
        <translation>DDP 레인이 학습 중입니다. 랭크들은 스텝마다 서로를 기다리는 별개의 프로세스라서 일시 정지할 수 없고 취소만 할 수 있습니다.</translation>
    </message>
    <message>
        <source>The CPU and GPU lanes run LibTorch C++ in this app as a PyTorch program does: autograd builds and runs the backward, torch::optim steps one parameter at a time. The Python lane runs the same training in Python PyTorch, and so do DDP and DataParallel.</source>
        <translation>CPU와 GPU 레인은 이 앱 안에서 LibTorch C++를 PyTorch 프로그램과 똑같이 돌립니다. autograd가 역전파를 만들어 실행하고, torch::optim이 파라미터를 하나씩 갱신합니다. Python 레인은 같은 학습을 Python PyTorch로 돌리며, DDP와 DataParallel도 마찬가지입니다.</translation>
    </message>
</context>
<context>
    <name>tk::TrainingRacePanel</name>
    <message>
        <source>Preparing the lanes: data, model, model.to(device)…</source>
        <translation>레인 준비 중: 데이터, 모델, model.to(device)…</translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3: loss %4, %5 samples/s</source>
        <translation>스텝 %1/%2 · %3: 손실 %4, %5 샘플/초</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>취소했습니다.</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>완료했습니다.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: final loss %2 after %3 steps; </source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %3 스텝 후 최종 손실 %2, </translation>
    </message>
    <message>
        <source>loss ≤ %1 after %2 s of training</source>
        <translation>학습 %2초 만에 손실 ≤ %1 도달</translation>
    </message>
    <message>
        <source>never reached loss ≤ %1</source>
        <translation>손실 ≤ %1에 도달하지 못함</translation>
    </message>
    <message>
        <source>identical to %1, bit for bit</source>
        <translation>%1 결과와 비트 단위까지 같음</translation>
    </message>
    <message>
        <source>agrees with %1 to %2 significant digits</source>
        <translation>%1 결과와 유효숫자 %2자리까지 일치</translation>
    </message>
    <message>
        <source>The worker sweep is running: stop it first, or the two would share the cores.</source>
        <translation>작업자 수 바꿔 보기가 실행 중입니다. 둘이 코어를 나눠 쓰게 되므로 먼저 중지하세요.</translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3: loss %4, %5 samples/s, waited for data %6 %</source>
        <translation>스텝 %1/%2 · %3: 손실 %4, %5 샘플/초, 데이터 대기 %6 %</translation>
    </message>
    <message>
        <source>waited for data %1 % of its step time</source>
        <translation>스텝 시간의 %1 % 동안 데이터를 기다림</translation>
    </message>
    <message>
        <source>The DataLoader with %1 workers: press Train and watch how long each lane waits for its data, then Sweep workers.</source>
        <translation>DataLoader, 작업자 %1개: ‘학습’을 눌러 각 레인이 데이터를 얼마나 기다리는지 본 다음, ‘작업자 수 바꿔 보기’를 누르세요.</translation>
    </message>
    <message>
        <source>Choose at least one lane to sweep.</source>
        <translation>바꿔 볼 레인을 하나 이상 고르세요.</translation>
    </message>
    <message>
        <source>Sweeping the workers: each lane trains %1 steps with %2 workers in turn…</source>
        <translation>작업자 수를 바꿔 보는 중: 각 레인이 작업자 %2개로 차례로 %1 스텝씩 학습합니다…</translation>
    </message>
    <message>
        <source>Sweep cancelled.</source>
        <translation>바꿔 보기를 취소했습니다.</translation>
    </message>
    <message>
        <source>Sweep done.</source>
        <translation>바꿔 보기를 마쳤습니다.</translation>
    </message>
    <message>
        <source>The rank sweep is running: stop it first, or the two would share the cores.</source>
        <translation>랭크 수 바꿔 보기가 실행 중입니다. 둘이 코어를 나눠 쓰게 되므로 먼저 중지하세요.</translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3: loss %4, %5 samples/s, all-reduce %6 ms of a %7 ms step</source>
        <translation>스텝 %1/%2 · %3: 손실 %4, %5 샘플/초, %7 ms 스텝 가운데 all-reduce %6 ms</translation>
    </message>
    <message>
        <source>%1 ranks, the all-reduce took %2 % of its step time</source>
        <translation>랭크 %1개, all-reduce가 스텝 시간의 %2 %를 차지했습니다</translation>
    </message>
    <message>
        <source>No rank count to sweep on this machine.</source>
        <translation>이 PC에서는 바꿔 볼 랭크 수가 없습니다.</translation>
    </message>
    <message>
        <source>Sweeping the ranks: the DDP lane trains %1 steps on %2 ranks in turn; each run starts its processes afresh…</source>
        <translation>랭크 수를 바꿔 보는 중: DDP 레인이 랭크 %2개로 차례대로 %1 스텝씩 학습합니다. 실행마다 프로세스를 새로 띄웁니다…</translation>
    </message>
    <message>
        <source>Rank sweep cancelled.</source>
        <translation>랭크 수 바꿔 보기를 취소했습니다.</translation>
    </message>
    <message>
        <source>Rank sweep done.</source>
        <translation>랭크 수 바꿔 보기를 마쳤습니다.</translation>
    </message>
    <message>
        <source>median step %1 ms, %2× the %3 lane&apos;s %4 ms: what Python costs a step</source>
        <translation>스텝 중앙값 %1 ms, %3 레인(%4 ms)의 %2배: 스텝마다 Python을 거치는 데 드는 비용</translation>
    </message>
</context>
<context>
    <name>tk::TransferLab</name>
    <message>
        <source>Choose at least one size.</source>
        <translation>크기를 하나 이상 고르세요.</translation>
    </message>
    <message>
        <source>Every size must be at least 1 byte (got %1).</source>
        <translation>모든 크기는 1바이트 이상이어야 합니다(입력값 %1).</translation>
    </message>
    <message>
        <source>The device “%1” is not available here.</source>
        <translation>“%1” 장치는 여기서 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>%1 would not fit on %2 (%3 free).</source>
        <translation>%1 크기는 %2에 들어가지 않습니다(여유 %3).</translation>
    </message>
    <message>
        <source>%1 twice would not fit in the free host memory (%2).</source>
        <translation>%1의 두 배는 호스트의 여유 메모리(%2)에 들어가지 않습니다.</translation>
    </message>
    <message>
        <source>The transfer lab is already running.</source>
        <translation>전송 실험실이 이미 실행 중입니다.</translation>
    </message>
    <message>
        <source>The minimum run time must be between 0 and 60 seconds.</source>
        <translation>최소 실행 시간은 0초에서 60초 사이여야 합니다.</translation>
    </message>
</context>
<context>
    <name>tk::TransferLabPanel</name>
    <message>
        <source>pinned host memory</source>
        <translation>고정(pinned) 호스트 메모리</translation>
    </message>
    <message>
        <source>non_blocking=True</source>
        <translation>non_blocking=True</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>취소(&amp;C)</translation>
    </message>
    <message>
        <source>Moving ingredients to the workbench costs time: every copy pays a fixed latency (the flat left end), then the link&apos;s bandwidth (the right end). Pinned (page-locked) host memory lets the GPU copy directly, without an extra staging copy.</source>
        <translation>재료를 작업대로 옮기는 데는 시간이 듭니다. 모든 복사는 매번 드는 지연 시간(평평한 왼쪽 끝)을 치르고, 그다음에는 연결의 대역폭(오른쪽 끝)이 속도를 정합니다. 고정(pinned) 호스트 메모리를 쓰면 중간 복사 없이 GPU가 바로 복사할 수 있습니다.</translation>
    </message>
    <message>
        <source>No GPU here, so this measures host memory copies (memcpy bandwidth). A GPU would add a PCIe or NVLink hop with a latency of microseconds per copy, and pinned memory would matter: pageable memory is staged through a pinned buffer first.</source>
        <translation>여기에는 GPU가 없어서 호스트 메모리 복사(memcpy 대역폭)를 잽니다. GPU가 있다면 복사마다 몇 마이크로초의 지연이 있는 PCIe나 NVLink 구간이 더해지고, 고정(pinned) 메모리가 중요해집니다. 페이징 가능(pageable) 메모리는 먼저 고정(pinned) 메모리의 버퍼를 거쳐 옮겨지기 때문입니다.</translation>
    </message>
    <message>
        <source>From:</source>
        <translation>보내는 곳:</translation>
    </message>
    <message>
        <source>To:</source>
        <translation>받는 곳:</translation>
    </message>
    <message>
        <source>&lt;h3&gt;The transfer lab&lt;/h3&gt;How fast do ingredients move?</source>
        <translation>&lt;h3&gt;전송 실험실&lt;/h3&gt;재료는 얼마나 빨리 옮겨질까요?</translation>
    </message>
    <message>
        <source>Copy bandwidth</source>
        <translation>복사 대역폭</translation>
    </message>
    <message>
        <source>bytes per copy</source>
        <translation>복사 1회당 바이트</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>취소했습니다.</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>완료했습니다.</translation>
    </message>
    <message>
        <source>Measuring…</source>
        <translation>측정 중…</translation>
    </message>
    <message>
        <source>%1, %2: %3 GB/s (%4 µs per copy)</source>
        <translation>%1, %2: %3 GB/s (복사 1회당 %4 µs)</translation>
    </message>
    <message>
        <source>Mea&amp;sure</source>
        <translation>측정(&amp;S)</translation>
    </message>
</context>
<context>
    <name>tk::ValuesDialog</name>
    <message>
        <source>Values of %1</source>
        <translation>%1의 값</translation>
    </message>
    <message>
        <source>Showing %1 × %2 of %3 × %4.</source>
        <translation>%3 × %4 중 %1 × %2만 보여 줍니다.</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
</context>
<context>
    <name>tk::WatchController</name>
    <message>
        <source>A program (pid %1) was not let in: %2</source>
        <translation>프로그램(pid %1)을 받아들이지 않았습니다: %2</translation>
    </message>
    <message>
        <source>Programs cannot be watched live: %1</source>
        <translation>프로그램을 실시간으로 지켜볼 수 없습니다: %1</translation>
    </message>
    <message>
        <source>Watching %1.</source>
        <translation>%1을(를) 지켜보는 중입니다.</translation>
    </message>
    <message>
        <source>Cannot open the recording %1: %2</source>
        <translation>기록 파일 %1을(를) 열 수 없습니다: %2</translation>
    </message>
    <message>
        <source>%1 is not a recording Tensor Kitchen can play: %2</source>
        <translation>%1은(는) Tensor Kitchen이 재생할 수 있는 기록 파일이 아닙니다: %2</translation>
    </message>
    <message>
        <source>Open a recording</source>
        <translation>기록 파일 열기</translation>
    </message>
    <message>
        <source>Watch recordings (*.tkwatch);;All files (*)</source>
        <translation>감시 기록 파일 (*.tkwatch);;모든 파일 (*)</translation>
    </message>
    <message>
        <source>The tensorkitchen package is not installed beside this app.</source>
        <translation>tensorkitchen 패키지가 이 앱과 함께 설치되어 있지 않습니다.</translation>
    </message>
    <message>
        <source>The app is not listening for programs: %1</source>
        <translation>앱이 프로그램의 연결을 수신 대기하고 있지 않습니다: %1</translation>
    </message>
    <message>
        <source>Could not start %1: %2</source>
        <translation>%1을(를) 시작하지 못했습니다: %2</translation>
    </message>
    <message>
        <source>Started %1 under the watcher (pid %2).</source>
        <translation>%1을(를) 감시 도구를 붙여 시작했습니다(pid %2).</translation>
    </message>
    <message>
        <source>Run a script and watch it</source>
        <translation>스크립트를 실행하고 지켜보기</translation>
    </message>
    <message>
        <source>Python scripts (*.py);;All files (*)</source>
        <translation>Python 스크립트 (*.py);;모든 파일 (*)</translation>
    </message>
    <message>
        <source>at its own pace</source>
        <translation>기록된 속도로</translation>
    </message>
    <message>
        <source>4× faster</source>
        <translation>4배 빠르게</translation>
    </message>
    <message>
        <source>as fast as possible</source>
        <translation>최대한 빠르게</translation>
    </message>
    <message>
        <source>Play the recording</source>
        <translation>기록 파일 재생</translation>
    </message>
    <message>
        <source>Play %1:</source>
        <translation>%1 재생:</translation>
    </message>
    <message>
        <source>This tab&apos;s program is gone.</source>
        <translation>이 탭의 프로그램이 없어졌습니다.</translation>
    </message>
    <message>
        <source>Choose a program&apos;s tab first (a watched program or a recording): its timeline is what is exported.</source>
        <translation>먼저 프로그램의 탭(지켜보는 프로그램이나 기록 파일)을 고르세요. 그 탭의 타임라인을 내보냅니다.</translation>
    </message>
    <message>
        <source>Export the timeline</source>
        <translation>타임라인 내보내기</translation>
    </message>
    <message>
        <source>Chrome trace for Perfetto or chrome://tracing (*.json)</source>
        <translation>Perfetto나 chrome://tracing용 Chrome trace (*.json)</translation>
    </message>
    <message>
        <source>Saved the timeline to %1: open it in ui.perfetto.dev or chrome://tracing.</source>
        <translation>타임라인을 %1에 저장했습니다. ui.perfetto.dev나 chrome://tracing에서 여세요.</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>%1을(를) 저장할 수 없습니다: %2</translation>
    </message>
    <message>
        <source>Programs that ended, folded away so that the tabs stay readable: pick one to open its tab again.</source>
        <translation>탭을 읽기 쉽게 두려고 종료된 프로그램을 접어 두었습니다. 하나를 고르면 그 탭이 다시 열립니다.</translation>
    </message>
    <message>
        <source>Watching %1 in a tab of its own (marked until you look at it).</source>
        <translation>%1 프로그램을 별도의 탭에서 지켜봅니다(탭을 열어 볼 때까지 표시가 남습니다).</translation>
    </message>
    <message numerus="yes">
        <source>%n ended programs</source>
        <translation>
            <numerusform>종료된 프로그램 %n개</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ended (exit code %2).</source>
        <translation>%1 종료됨(종료 코드 %2).</translation>
    </message>
    <message>
        <source>%1 ended.</source>
        <translation>%1 종료됨.</translation>
    </message>
    <message>
        <source>&amp;Run a script and watch…</source>
        <translation>스크립트 실행하고 지켜보기(&amp;R)…</translation>
    </message>
    <message>
        <source>Open re&amp;cording…</source>
        <translation>기록 파일 열기(&amp;C)…</translation>
    </message>
    <message>
        <source>E&amp;xport timeline (Perfetto)…</source>
        <translation>타임라인 내보내기(Perfetto)(&amp;X)…</translation>
    </message>
</context>
<context>
    <name>tk::WatchFindings</name>
    <message>
        <source>Each step waits %1 % of its time for the DataLoader</source>
        <translation>스텝마다 시간의 %1 %를 DataLoader 대기에 씁니다</translation>
    </message>
    <message>
        <source>Over %1 steps the loop waited %2 ms of its %3 ms step for the next batch (num_workers=%4, pin_memory=%5).</source>
        <translation>스텝 %1번 동안 루프는 %3 ms 스텝 가운데 %2 ms 동안 다음 배치를 기다렸습니다(num_workers=%4, pin_memory=%5).</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>측정값</translation>
    </message>
    <message>
        <source>Let worker processes prepare the next batches while the model computes: with enough workers the wait hides behind the step.</source>
        <translation>모델이 계산하는 동안 작업자 프로세스가 다음 배치를 준비하게 하세요. 작업자가 충분하면 기다리는 시간이 스텝 계산 뒤에 가려집니다.</translation>
    </message>
    <message>
        <source>non_blocking=True copies from pageable memory: they do not overlap</source>
        <translation>페이징 가능(pageable) 메모리에서 non_blocking=True로 복사하면 겹쳐 실행되지 않습니다</translation>
    </message>
    <message numerus="yes">
        <source>%n copies to the GPU here asked for non_blocking=True from memory that is not pinned; such a copy waits until it is done.</source>
        <translation>
            <numerusform>여기서 GPU로의 복사 %n번이 고정되지 않은 메모리에서 non_blocking=True를 요청했습니다. 이런 복사는 끝날 때까지 기다립니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>measured (CUDA events), per step</source>
        <translation>측정값(CUDA 이벤트), 스텝마다</translation>
    </message>
    <message>
        <source>a batch</source>
        <translation>배치</translation>
    </message>
    <message>
        <source>%1 is moved to %2 in every step</source>
        <translation>%1을(를) 스텝마다 %2(으)로 옮깁니다</translation>
    </message>
    <message>
        <source>This line moved %1 from cpu to %2 in each of %3 steps, %4 a step.</source>
        <translation>이 줄이 %3번의 스텝마다 %1을(를) cpu에서 %2(으)로 옮겼습니다. 스텝당 %4입니다.</translation>
    </message>
    <message>
        <source>estimated: meta moves no data; on a GPU each would be a real copy</source>
        <translation>추정: meta는 데이터를 옮기지 않습니다. GPU라면 하나하나가 실제 복사입니다</translation>
    </message>
    <message>
        <source>If the whole dataset fits the device&apos;s memory, move it once before the loop and slice batches there: nothing crosses per step.</source>
        <translation>데이터셋 전체가 장치 메모리에 들어가면 루프 전에 한 번 옮기고 거기서 배치를 잘라 쓰세요. 그러면 스텝마다 건너가는 것이 없습니다.</translation>
    </message>
    <message>
        <source>The model and the data are on different devices</source>
        <translation>모델과 데이터가 서로 다른 장치에 있습니다</translation>
    </message>
    <message>
        <source>“%1” raised: %2</source>
        <translation>“%1”에서 오류: %2</translation>
    </message>
    <message>
        <source>the program stopped here</source>
        <translation>프로그램이 여기서 멈췄습니다</translation>
    </message>
    <message>
        <source>Move both to the same device before they meet: the model once, each batch as it comes.</source>
        <translation>만나기 전에 둘 다 같은 장치로 옮기세요. 모델은 한 번, 배치는 올 때마다.</translation>
    </message>
    <message>
        <source>pin_memory() copies a batch in every step</source>
        <translation>pin_memory()가 스텝마다 배치를 복사합니다</translation>
    </message>
    <message>
        <source>This line pinned a tensor in each of %1 steps, %2 ms a step: each call copies the batch into new pinned memory before it can be sent.</source>
        <translation>이 줄은 스텝 %1번 모두에서 텐서를 고정했습니다(스텝당 %2 ms). 호출할 때마다, 배치를 보내기 전에 먼저 새 고정(pinned) 메모리로 복사합니다.</translation>
    </message>
    <message>
        <source>Let the DataLoader pin the batches: with pin_memory=True and workers it pins them beside the loop, not on its time.</source>
        <translation>배치 고정은 DataLoader에 맡기세요. pin_memory=True이고 작업자가 있으면 루프의 시간을 쓰지 않고 루프와 나란히 고정합니다.</translation>
    </message>
    <message>
        <source>pin_memory=True with num_workers=0 pins on the loop&apos;s time</source>
        <translation>num_workers=0에서 pin_memory=True는 루프의 시간을 써서 고정합니다</translation>
    </message>
    <message>
        <source>The DataLoader pinned each batch in the main process (num_workers=0): the loop waited %1 ms a step over %2 steps for batches, the pinning copy included.</source>
        <translation>DataLoader가 배치마다 메인 프로세스에서 고정했습니다(num_workers=0). 루프는 스텝 %2번 동안 스텝당 %1 ms씩 배치를 기다렸고, 여기에는 고정 복사도 들어 있습니다.</translation>
    </message>
    <message>
        <source>measured: the wait for each batch, of which the pinning is a part</source>
        <translation>측정: 배치마다의 대기, 고정은 그 일부</translation>
    </message>
    <message>
        <source>%1 waits for the GPU in every step</source>
        <translation>%1이(가) 스텝마다 GPU를 기다립니다</translation>
    </message>
    <message>
        <source>%1 in every step would wait for a GPU</source>
        <translation>스텝마다의 %1은(는) GPU라면 기다리게 됩니다</translation>
    </message>
    <message>
        <source>%1 lines read values back from tensors in the step loop, %2 times over %3 steps; this one (%4) in %5 of them.</source>
        <translation>스텝 루프에서 %1개 줄이 텐서의 값을 읽어 왔습니다(스텝 %3번 동안 %2번). 이 줄(%4)은 그중 %5번의 스텝에서 읽었습니다.</translation>
    </message>
    <message>
        <source>This line (%1) read a value back from a tensor %2 times over %3 steps.</source>
        <translation>이 줄(%1)은 스텝 %3번 동안 텐서의 값을 %2번 읽어 왔습니다.</translation>
    </message>
    <message>
        <source>measured: the host&apos;s wait in these calls, per step</source>
        <translation>측정: 이 호출에서 호스트가 기다린 시간, 스텝당</translation>
    </message>
    <message>
        <source>estimated: on the CPU nothing waits; on a GPU each call waits for all the work queued before it (not measurable without one)</source>
        <translation>추정: CPU에서는 아무것도 기다리지 않습니다. GPU라면 호출마다 앞서 쌓인 작업이 모두 끝날 때까지 기다립니다(GPU 없이는 잴 수 없음)</translation>
    </message>
    <message>
        <source>Keep values on the device inside the loop and read them back now and then: every read makes the host wait until the device has finished.</source>
        <translation>루프 안에서는 값을 장치에 두고 가끔 읽어 오세요. 읽을 때마다 호스트는 장치가 끝날 때까지 기다립니다.</translation>
    </message>
    <message>
        <source>The GPU sits idle %1 % of each step, waiting for the host</source>
        <translation>GPU가 호스트를 기다리며 스텝마다 시간의 %1 % 동안 유휴 상태입니다</translation>
    </message>
    <message>
        <source>Over %1 steps the GPU had nothing to do for %2 ms of each %3 ms step (CUDA events, on its own clock) until this line gave it work.</source>
        <translation>스텝 %1번 동안 GPU는 %3 ms 스텝마다 %2 ms 동안 유휴 상태로 있다가 이 줄에서 일을 받았습니다(CUDA 이벤트, GPU 자신의 시계).</translation>
    </message>
    <message>
        <source>The loop waited %1 ms a step for the DataLoader.</source>
        <translation>루프는 스텝마다 %1 ms씩 DataLoader를 기다렸습니다.</translation>
    </message>
    <message>
        <source>The host&apos;s own work between steps (preparing the batch in the loop, Python, reading values back) keeps the GPU waiting. Move the preparation into a Dataset, whose DataLoader workers run it beside the loop, or give the GPU more work per step (a larger batch, as its memory allows).</source>
        <translation>스텝 사이 호스트 자신의 일(루프 안에서 배치 준비, Python, 값 읽어 오기)이 GPU를 기다리게 합니다. 준비는 Dataset으로 옮겨 DataLoader 작업자가 루프와 나란히 하게 하거나, 스텝마다 GPU에 일을 더 주세요(메모리가 허락하는 만큼 큰 배치).</translation>
    </message>
    <message>
        <source>needs a GPU: this run had none (the GPU&apos;s idle time is measured with CUDA events)</source>
        <translation>GPU가 필요함: 이번 실행에는 없었습니다(GPU 유휴 시간은 CUDA 이벤트로 잽니다)</translation>
    </message>
    <message>
        <source>no optimizer step yet: the GPU&apos;s idle time is measured between steps</source>
        <translation>아직 옵티마이저 스텝이 없음: GPU 유휴 시간은 스텝 사이에서 잽니다</translation>
    </message>
    <message>
        <source>not measured: no step&apos;s work was queued on a GPU (the optimizer&apos;s parameters on a CUDA device, then a copy to it or a module call)</source>
        <translation>재지 못함: 어떤 스텝도 GPU에 일을 넣지 않았습니다(CUDA 장치에 있는 옵티마이저의 파라미터, 그다음 그 장치로의 복사나 모듈 호출)</translation>
    </message>
    <message>
        <source>The whole dataset is %1; %2 has %3 free.</source>
        <translation>데이터셋 전체는 %1이고, %2에는 %3이(가) 남아 있습니다.</translation>
    </message>
    <message>
        <source>The whole dataset is %1.</source>
        <translation>데이터셋 전체는 %1입니다.</translation>
    </message>
    <message>
        <source>not measured: the ranks of tensorkitchen.replicas time their own steps</source>
        <translation>재지 못함: tensorkitchen.replicas의 랭크는 스텝을 스스로 잽니다</translation>
    </message>
    <message>
        <source>Give the DataLoader workers: its pin-memory thread then pins each batch beside the loop, while the GPU computes.</source>
        <translation>DataLoader에 작업자를 주세요. 그러면 GPU가 계산하는 동안 pin-memory 스레드가 루프와 나란히 배치를 고정합니다.</translation>
    </message>
    <message>
        <source>The GPU finishes before the next batch is ready: the CPU&apos;s data loading is the bottleneck. Let DataLoader workers prepare batches, and its pin-memory thread pin them, while the GPU computes.</source>
        <translation>다음 배치가 준비되기 전에 GPU가 일을 끝냅니다. CPU의 데이터 로딩이 병목입니다. GPU가 계산하는 동안 DataLoader 작업자가 배치를 준비하고 pin-memory 스레드가 고정하게 하세요.</translation>
    </message>
    <message>
        <source>Pin the batches (DataLoader(pin_memory=True) does it: with workers in a pin-memory thread of the main process, without them in the loop) so that the copy can run while the GPU computes.</source>
        <translation>배치를 고정(pinned) 메모리에 두세요. DataLoader(pin_memory=True)가 고정해 줍니다. 작업자가 있으면 메인 프로세스의 pin-memory 스레드가, 없으면 루프가 직접 고정합니다. 그래야 GPU가 계산하는 동안 복사가 진행됩니다.</translation>
    </message>
    <message>
        <source>Its result&apos;s size depends on the tensor&apos;s values, so the host waits for the device to learn it. Use an op whose result has a size known beforehand, or give the size.</source>
        <translation>결과의 크기가 텐서의 값에 따라 정해지므로, 호스트는 그 크기를 알 때까지 장치를 기다립니다. 결과의 크기를 미리 알 수 있는 연산을 쓰거나 크기를 직접 알려 주세요.</translation>
    </message>
    <message>
        <source>A Python if (or while, and, or) on a tensor reads its value back. Keep the comparison on the device and branch on it now and then.</source>
        <translation>텐서를 Python if(또는 while, and, or)에 쓰면 그 값을 읽어 옵니다. 비교는 장치에서 하고, 분기는 가끔만 하세요.</translation>
    </message>
    <message>
        <source>%1 keeps every step&apos;s autograd graph</source>
        <translation>%1이(가) 스텝마다 계산 그래프를 붙잡아 둡니다</translation>
    </message>
    <message>
        <source>%1 carries autograd history: its graph grew from %2 to %3 nodes over %4 steps, each step&apos;s graph chained to the last, none freed.</source>
        <translation>%1에 계산 이력이 쌓입니다. 그 계산 그래프가 %4스텝 동안 노드 %2개에서 %3개로 자랐습니다. 스텝마다 그래프가 앞의 것에 이어 붙고, 하나도 해제되지 않았습니다.</translation>
    </message>
    <message>
        <source>measured: %1 memory grew %2 a step meanwhile (%3)</source>
        <translation>측정: 그동안 %1 메모리가 스텝마다 %2씩 늘었습니다(%3)</translation>
    </message>
    <message>
        <source>the process&apos;s resident memory</source>
        <translation>프로세스의 상주 메모리</translation>
    </message>
    <message>
        <source>allocated by PyTorch</source>
        <translation>PyTorch가 할당한 메모리</translation>
    </message>
    <message>
        <source>measured: %1 memory did not grow meanwhile</source>
        <translation>측정: 그동안 %1 메모리는 늘지 않았습니다</translation>
    </message>
    <message>
        <source>memory growth not measured: too few memory samples while it grew</source>
        <translation>메모리 증가는 측정하지 못함: 그래프가 자라는 동안 메모리 표본이 너무 적었습니다</translation>
    </message>
    <message>
        <source>Don&apos;t accumulate history across your training loop: add the loss&apos;s value (loss.item()) or the loss cut from its graph (loss.detach()), not the loss itself, or memory grows every step until it runs out.</source>
        <translation>학습 루프 전체에 걸쳐 계산 이력을 쌓지 마세요. 손실 자체가 아니라 손실의 값(loss.item())이나 그래프에서 떼어 낸 손실(loss.detach())을 더하세요. 그러지 않으면 메모리가 바닥날 때까지 스텝마다 늘어납니다.</translation>
    </message>
    <message>
        <source>%1 memory grows %2 a step</source>
        <translation>%1 메모리가 스텝마다 %2씩 늘어납니다</translation>
    </message>
    <message>
        <source>%1 grew the most: from %2 to %3.</source>
        <translation>가장 많이 는 것은 %1입니다: %2에서 %3(으)로.</translation>
    </message>
    <message>
        <source>measured; at this rate %1 is full at step %2</source>
        <translation>측정; 이 속도라면 %1은(는) %2번째 스텝에서 가득 찹니다</translation>
    </message>
    <message>
        <source>Something keeps a little more every step: a tensor grown with torch.cat in the loop, a list of outputs or losses that keep their graphs, a cache that never empties. Keep numbers (.item()) or detached tensors, or bound what you keep.</source>
        <translation>무언가가 스텝마다 조금씩 더 붙잡아 둡니다: 루프 안에서 torch.cat으로 키우는 텐서, 계산 그래프째로 모아 두는 출력이나 손실의 리스트, 비우지 않는 캐시. 숫자(.item())나 떼어 낸(detach) 텐서만 두거나, 모아 두는 양에 한도를 두세요.</translation>
    </message>
    <message>
        <source>From step %1 to step %2 it grew from %3 to %4, about %6 a step (the median over its %5 samples).</source>
        <translation>%1번째 스텝부터 %2번째 스텝까지 %3에서 %4(으)로, 스텝마다 약 %6씩 늘었습니다(표본 %5개의 중앙값).</translation>
    </message>
</context>
<context>
    <name>tk::WatchPlace</name>
    <message>
        <source>cell [%1]</source>
        <translation>셀 [%1]</translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation>%1, %2번째 줄</translation>
    </message>
</context>
<context>
    <name>tk::WatchReplay</name>
    <message>
        <source>There is no file %1.</source>
        <translation>%1 파일이 없습니다.</translation>
    </message>
    <message>
        <source>%1 is not a recording: it is not a file.</source>
        <translation>%1은(는) 기록 파일이 아닙니다. 파일이 아니기 때문입니다.</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 파일을 읽을 수 없습니다: %2</translation>
    </message>
    <message>
        <source>Only the first %1 of the recording were replayed.</source>
        <translation>기록 파일의 처음 %1만 재생했습니다.</translation>
    </message>
</context>
<context>
    <name>tk::WatchServer</name>
    <message>
        <source>Cannot make the folder %1 for the watch socket: %2</source>
        <translation>감시 소켓용 폴더 %1을(를) 만들 수 없습니다: %2</translation>
    </message>
    <message>
        <source>The folder %1 for the watch socket is not a folder of yours: Tensor Kitchen does not listen there.</source>
        <translation>감시 소켓용 폴더 %1은(는) 현재 사용자의 폴더가 아닙니다. Tensor Kitchen은 그곳에서 수신 대기하지 않습니다.</translation>
    </message>
    <message>
        <source>Cannot make the folder %1 private: %2</source>
        <translation>폴더 %1을(를) 비공개로 만들 수 없습니다: %2</translation>
    </message>
    <message>
        <source>%1 exists and is not a socket: Tensor Kitchen does not replace it.</source>
        <translation>%1이(가) 이미 있는데 소켓이 아닙니다. Tensor Kitchen은 이것을 덮어쓰지 않습니다.</translation>
    </message>
    <message>
        <source>Another Tensor Kitchen already watches programs at %1.</source>
        <translation>다른 Tensor Kitchen이 이미 %1에서 프로그램을 지켜보고 있습니다.</translation>
    </message>
    <message>
        <source>Cannot listen at %1: %2</source>
        <translation>%1에서 수신 대기할 수 없습니다: %2</translation>
    </message>
    <message>
        <source>%1 programs are watched already; this one was turned away.</source>
        <translation>이미 프로그램 %1개를 지켜보고 있습니다. 이 프로그램은 받지 않았습니다.</translation>
    </message>
    <message>
        <source>The system did not say which process connected: refused.</source>
        <translation>시스템이 어느 프로세스가 연결했는지 알려 주지 않아서 거부했습니다.</translation>
    </message>
    <message>
        <source>A process of another user (uid %1) tried to connect: refused.</source>
        <translation>다른 사용자(uid %1)의 프로세스가 연결하려 해서 거부했습니다.</translation>
    </message>
</context>
<context>
    <name>tk::WatchedProgram</name>
    <message>
        <source>The stream ended before the program said hello: it is not a Tensor Kitchen watch stream, or it is empty or damaged.</source>
        <translation>프로그램이 hello를 보내기 전에 스트림이 끝났습니다. Tensor Kitchen 감시 스트림이 아니거나, 비어 있거나 손상되었습니다.</translation>
    </message>
    <message>
        <source>The first message was “%1”, not a hello: this is not a watch stream that Tensor Kitchen can read.</source>
        <translation>첫 메시지가 hello가 아니라 “%1”이었습니다. Tensor Kitchen이 읽을 수 있는 감시 스트림이 아닙니다.</translation>
    </message>
    <message>
        <source>The program said hello a second time: a stream has one hello, so this one is refused.</source>
        <translation>프로그램이 hello를 두 번째로 보냈습니다. 스트림에는 hello가 하나뿐이므로 이 hello는 거부합니다.</translation>
    </message>
    <message>
        <source>The hello names process %1, but the connection comes from process %2: one program cannot speak for another.</source>
        <translation>hello에는 프로세스 %1이(가) 적혀 있지만, 연결은 프로세스 %2에서 왔습니다. 한 프로그램이 다른 프로그램을 대신해 말할 수는 없습니다.</translation>
    </message>
    <message>
        <source>The program sent more than %1 MiB of distinct names and paths: new ones are shown as “…” from here on.</source>
        <translation>프로그램이 서로 다른 이름과 경로를 %1 MiB 넘게 보냈습니다. 이제부터 새 이름과 경로는 “…”로 보입니다.</translation>
    </message>
    <message>
        <source>The program speaks version %1 of the watch protocol; this Tensor Kitchen reads version %2. Use the tensorkitchen package that came with this app.</source>
        <translation>프로그램이 쓰는 감시 프로토콜은 버전 %1입니다. 이 Tensor Kitchen이 읽는 버전은 %2입니다. 이 앱과 함께 온 tensorkitchen 패키지를 쓰세요.</translation>
    </message>
</context>
<context>
    <name>tk::WorkerSweep</name>
    <message>
        <source>A sweep is already running.</source>
        <translation>바꿔 보기가 이미 실행 중입니다.</translation>
    </message>
</context>
<context>
    <name>tk::WorkerSweepChart</name>
    <message>
        <source>Does the device wait for data?</source>
        <translation>장치가 데이터를 기다릴까요?</translation>
    </message>
    <message>
        <source>DataLoader workers</source>
        <translation>DataLoader 작업자 수</translation>
    </message>
    <message>
        <source>device waited for data (%)</source>
        <translation>장치가 데이터를 기다린 시간 (%)</translation>
    </message>
    <message>
        <source>This machine has %1 hardware threads. The workers compete with the model for the same cores, so beyond %1 workers more of them stop helping. With 0 the training thread prepares every batch itself while the device waits.</source>
        <translation>이 PC의 하드웨어 스레드는 %1개입니다. 작업자는 모델과 같은 코어를 두고 다투므로, %1개를 넘으면 작업자를 늘려도 더는 도움이 되지 않습니다. 0개이면 장치가 기다리는 동안 학습 스레드가 모든 배치를 직접 준비합니다.</translation>
    </message>
    <message>
        <source>Choose the DataLoader placement and press Sweep workers: each lane trains briefly with each number of workers.</source>
        <translation>DataLoader 방식을 고르고 ‘작업자 수 바꿔 보기’를 누르세요. 각 레인이 작업자 수마다 잠깐씩 학습합니다.</translation>
    </message>
    <message>
        <source>%1 hardware threads</source>
        <translation>하드웨어 스레드 %1개</translation>
    </message>
    <message>
        <source>%1 with %2 workers: waited for data %3 % of the time, %4 samples/s; preparing took %5 s of CPU time.</source>
        <translation>%1, 작업자 %2개: 시간의 %3 % 동안 데이터를 기다림, %4 샘플/초, 준비에 CPU 시간 %5초.</translation>
    </message>
    <message>
        <source>%1: waited for data %2 % with %3 workers, %4 % at least (%5 workers)</source>
        <translation>%1: 작업자 %3개일 때 데이터 대기 %2 %, 가장 적을 때 %4 % (작업자 %5개)</translation>
    </message>
</context>
</TS>
