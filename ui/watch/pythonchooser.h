#pragma once

#include "core/watch/pythoncandidates.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QPushButton;

namespace tk {

class PythonProbe;

// "Which Python?" for File → Run a script and watch…: the Pythons found for this script
// (PythonCandidates), each with where it was found and, as its answer comes in, its Python and
// torch versions; a browse button for any other; OK only for a Python that answered and has torch
// (the watcher watches that torch). The last choice comes first next time.
class PythonChooser : public QDialog
{
    Q_OBJECT

public:
    PythonChooser(const QString &script, const QString &preferred, QWidget *parent = nullptr);
    QString python() const; // the chosen interpreter's path
    // Adds `path` (from Browse…) as the chosen entry and asks it for its versions.
    void choose(const QString &path);
    int count() const;
    QString itemText(int row) const;
    bool answered(const QString &path) const { return m_answers.contains(path); }

private:
    void add(const PythonCandidates::Candidate &c);
    void refresh();
    QString describe(int row) const;

    QComboBox *m_list = nullptr;
    QLabel *m_state = nullptr;
    QPushButton *m_ok = nullptr;
    PythonProbe *m_probe = nullptr;
    struct Known
    {
        bool ok = false;
        QString python, torch, error;
    };
    QHash<QString, Known> m_answers;
};

} // namespace tk
