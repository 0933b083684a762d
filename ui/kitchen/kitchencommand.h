#pragma once

#include <QUndoCommand>

namespace tk {

class KitchenEngine;

// One kitchen action on the undo stack. The action has already run when it is pushed, so the
// first redo() does nothing; later undo()/redo() ask the core to restore its snapshots.
class KitchenCommand : public QUndoCommand
{
public:
    KitchenCommand(KitchenEngine *engine, const QString &text);
    void undo() override;
    void redo() override;

private:
    KitchenEngine *m_engine;
    bool m_done = true; // the action ran before the command was pushed
};

} // namespace tk
