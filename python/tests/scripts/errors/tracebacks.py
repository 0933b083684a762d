# Errors raised in or through every wrapped call, caught and printed as a program sees them
# (format_exc, extract_tb, sys.exc_info, pdb's post-mortem `where`), then one left uncaught.
import io
import pdb
import sys
import traceback

import torch
from torch.utils.data import DataLoader, Dataset


class Broken(Dataset):
    def __len__(self):
        return 4

    def __getitem__(self, i):
        raise ValueError("item %d cannot be read" % i)


def meta_to_cpu():
    x = torch.ones(3, device="meta")
    return x.cpu()


def meta_to_cpu_by_to():
    x = torch.ones(3, device="meta")
    return x.to("cpu")


def cuda_on_this_torch():
    return torch.ones(2).cuda()


def meta_model_to_cpu():
    model = torch.nn.Linear(2, 2, device="meta")
    return model.cpu()


def copy_mismatched_shapes():
    a = torch.ones(2, 3)
    a.copy_(torch.ones(4, 5))


def copy_from_meta():
    a = torch.ones(2, 3)
    a.copy_(torch.ones(2, 3, device="meta"))


def loader_item_fails():
    for batch in DataLoader(Broken(), batch_size=2):
        print(batch)


def step_closure_fails():
    p = torch.nn.Parameter(torch.ones(2))
    opt = torch.optim.SGD([p], lr=0.1)
    opt.step(lambda: 1 / 0)


def collective_without_group():
    torch.distributed.all_reduce(torch.ones(2))  # no init_process_group: torch raises


CASES = [meta_to_cpu, meta_to_cpu_by_to, meta_model_to_cpu, copy_mismatched_shapes,
         copy_from_meta, loader_item_fails, step_closure_fails]
if not torch.cuda.is_available():
    CASES.append(cuda_on_this_torch)
if torch.distributed.is_available():
    CASES.append(collective_without_group)


def where(tb):
    out = io.StringIO()
    debugger = pdb.Pdb(stdin=io.StringIO("where\nquit\n"), stdout=out, nosigint=True)
    debugger.reset()
    debugger.interaction(None, tb)
    return out.getvalue()


for case in CASES:
    try:
        case()
    except Exception:
        print("==", case.__name__)
        print(traceback.format_exc())
        print([(f.name, f.lineno) for f in traceback.extract_tb(sys.exc_info()[2])])
        print(where(sys.exc_info()[2]))

globals()[sys.argv[1]]()
