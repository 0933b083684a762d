#pragma once
// Precompiled for the core library only: the UI never sees torch headers.
#include <torch/torch.h>
#include <QtCore>
