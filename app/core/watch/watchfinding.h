#pragma once

#include <QMetaType>
#include <QString>

namespace tk {

// The part of a step a finding is about, which the step chart draws in full and the rest faint.
enum class StepPart {
    None,
    Wait, // waiting for the DataLoader
    Copy, // copying between devices
    Collective, // in torch.distributed collectives
    Other, // the rest: compute and Python (the host's waits among it)
    GpuIdle, // the GPU's idle time before a step's work (a line, not a bar)
};

// One answer to "why is my program slow?": what was measured in this run, at the user's line,
// what it costs a step, and the fix in the source texts' words (docs/findings.md).
struct WatchFinding
{
    // "data_wait", "per_batch_move", "sync_in_step", "graph_kept", "memory_growth",
    // "non_blocking_unpinned", "model_data_split", "gpu_idle"
    QString kind;
    QString device; // the device whose memory a graph_kept or memory_growth is about; else empty
    QString title; // one line for a list: "Each step waits 31 % of its time for the DataLoader"
    QString file;
    int line = 0;
    int cell = 0;
    // Where the fix is written, when not where the finding shows: data_wait shows at the loop
    // and is fixed where the DataLoader is made. WatchFindings::of sets it for every finding.
    QString fixFile;
    int fixLine = 0;
    int fixCell = 0;
    QString evidence; // what this run measured, in words with numbers
    double costSeconds = 0; // per step, as `costBasis` says
    QString costBasis; // "measured", "estimated: …"
    QString advice; // the fix, in words
    QString code; // the fix, as a line of code
    bool fixInLoader = false; // the fix is the DataLoader's arguments: it goes where that is made
    double ifFixedSeconds = -1; // the step with the fix, from the measured parts; -1: not known
    double at = 0; // the protocol's t of its latest evidence (a trace's instant)
    StepPart stepPart = StepPart::None;
};

} // namespace tk

Q_DECLARE_METATYPE(tk::WatchFinding)
