#include "core/kitchen/private/cardcombiner.h"

#include "core/devices/private/torchutil.h"
#include "core/kitchen/private/kitchendevice.h"
#include "core/kitchen/pythoncode.h"

namespace tk {

CardCombiner::CardCombiner(CardTable &cards, const MemoryGuard &memory, ActionLog &actions)
    : m_cards(cards), m_memory(memory), m_actions(actions)
{ }

Outcome CardCombiner::combine(Operation op, int a, int b, const QString &resultName)
{
    CardEntry *ea = m_cards.find(a);
    CardEntry *eb = m_cards.find(b);
    if (!ea || !eb)
        return m_actions.fail(OpError::invalid(tr("There is no card #%1 any more: it was deleted.").arg(!ea ? a : b)),
                              false);
    const bool forward = op == Operation::Forward;
    if (forward ? (!ea->module || !eb->isTensor()) : (!ea->isTensor() || !eb->isTensor()))
        return m_actions.fail(OpError::invalid(forward ? tr("model(x) needs a model and a tensor.")
                                                       : tr("%1 needs two tensors.").arg(operationSymbol(op))),
                              false);
    const QString z = resultName.isEmpty() ? m_cards.freeName(forward ? QStringLiteral("out") : QStringLiteral("z"))
                                           : resultName.trimmed();
    if (auto e = m_cards.checkNewName(z))
        return m_actions.fail(*e, false);
    const QString code = PythonCode::combine(z, op, ea->info.name, eb->info.name);
    const at::Tensor ta = ea->tensor, tb = eb->tensor;
    const QStringList devices = {torchutil::deviceId(ta.device()), torchutil::deviceId(tb.device())};

    torch::nn::Sequential module = ea->module;
    auto run = [op, module](const at::Tensor &x, const at::Tensor &y) mutable {
        switch (op) {
        case Operation::Forward:
            return CardCombiner::forward(module, y);
        case Operation::Add:
            return x + y;
        case Operation::Mul:
            return x * y;
        case Operation::Matmul:
            return at::matmul(x, y);
        case Operation::Cat:
            return at::cat({x, y});
        }
        return at::Tensor();
    };

    // Estimate the result's size on meta copies (no data), then refuse what will not fit.
    // A dry run that throws proves nothing here: the real call below raises the real error.
    if (!forward && ta.device() == tb.device() && !ta.is_meta()) {
        try {
            const at::Tensor shape = run(ta.to(torch::kMeta), tb.to(torch::kMeta));
            const qint64 bytes = shape.numel() * static_cast<qint64>(shape.element_size());
            const QString what = tr("the result %1").arg(z);
            if (auto e = m_memory.check(bytes, devices.first(), what, code))
                return m_actions.fail(*e);
        } catch (...) { }
    }
    try {
        torch::NoGradGuard noGrad;
        at::Tensor out = run(ta, tb);
        const int id = m_cards.add(z, std::move(out));
        m_actions.ok(code);
        Outcome o;
        o.cardId = id;
        // LibTorch's meta kernels let `@` and `cat` of a meta and a cpu tensor through; a GPU
        // would not. Said as the console says it (PyTorch's rule: a 0-dim CPU tensor may stand
        // beside a tensor on any device).
        std::vector<at::Tensor> operands = {tb};
        if (!forward)
            operands.push_back(ta);
        else if (const auto params = module->parameters(); !params.empty())
            operands.push_back(params.front());
        QStringList mixed;
        for (const at::Tensor &t : operands)
            if (!(t.is_cpu() && t.dim() == 0) && !mixed.contains(torchutil::deviceId(t.device())))
                mixed << torchutil::deviceId(t.device());
        mixed.sort();
        if (mixed.size() > 1)
            o.notices << OpError::unraisedMismatch(operationCode(op, ea->info.name, eb->info.name), mixed);
        return o;
    } catch (...) {
        Outcome o = m_actions.failTorch(std::current_exception(), devices, code);
        o.error.cards = {a, b};
        o.error.operation = op; // move-and-retry runs it again
        return o;
    }
}

// model(x), layer by layer. A Linear is computed as x @ W.T + b, which equals F.linear:
// written out, the bias add runs LibTorch's device check even on meta, where the fused
// addmm's meta kernel (LibTorch 1.13) lets a cpu weight pass silently. On a GPU both raise
// the same "Expected all tensors to be on the same device".
at::Tensor CardCombiner::forward(torch::nn::Sequential &model, at::Tensor x)
{
    for (const auto &child : model->children()) {
        if (auto *lin = child->as<torch::nn::Linear>())
            x = at::matmul(x, lin->weight.t()) + lin->bias;
        else if (child->as<torch::nn::ReLU>())
            // LibTorch 1.13 has no meta kernel for relu in C++ (Python registers its own);
            // clamp_min(x, 0) is the same function and has one.
            x = x.is_meta() ? at::clamp_min(x, 0) : torch::relu(x);
        else
            throw std::runtime_error("unsupported layer");
    }
    return x;
}

} // namespace tk
