"""Writes a transformer-like state_dict of about SIZE MiB with torch.save (real PyTorch): a token
embedding, layers of attention and MLP weights with their biases and norms, and a final norm.
Usage: python3 bench/make_checkpoint.py FILE SIZE_MIB [legacy]
  legacy: in torch.save's format before PyTorch 1.6 (_use_new_zipfile_serialization=False).
"""
import collections
import sys

import torch


def main():
    path, mib = sys.argv[1], float(sys.argv[2])
    torch.manual_seed(0)
    width, vocab = 1024, 8192
    sd = collections.OrderedDict()
    sd["embed.weight"] = torch.randn(vocab, width)
    layer_bytes = 12 * width * width * 4
    layers = max(1, round((mib * 2**20 - vocab * width * 4) / layer_bytes))
    for i in range(layers):
        p = f"layers.{i}."
        for name in ("q", "k", "v", "o"):
            sd[p + f"attn.{name}.weight"] = torch.randn(width, width) * 0.02
            sd[p + f"attn.{name}.bias"] = torch.zeros(width)
        sd[p + "mlp.up.weight"] = torch.randn(4 * width, width) * 0.02
        sd[p + "mlp.up.bias"] = torch.zeros(4 * width)
        sd[p + "mlp.down.weight"] = torch.randn(width, 4 * width) * 0.02
        sd[p + "mlp.down.bias"] = torch.zeros(width)
        sd[p + "norm.weight"] = torch.ones(width)
        sd[p + "norm.bias"] = torch.zeros(width)
    sd["norm.weight"] = torch.ones(width)
    legacy = len(sys.argv) > 3 and sys.argv[3] == "legacy"
    torch.save(sd, path, _use_new_zipfile_serialization=not legacy)


if __name__ == "__main__":
    main()
