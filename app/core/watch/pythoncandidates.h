#pragma once

#include <QCoreApplication>
#include <QList>
#include <QProcessEnvironment>
#include <QString>

namespace tk {

// The Pythons a user may want a script run with, as File → Run a script and watch… offers them:
// the one this app was built against, python3 on the PATH, the active virtual environment or
// conda environment, virtual environments beside the script (.venv, venv, env) and in the usual
// homes of conda, virtualenvwrapper and pyenv. Each interpreter once (by its real path), in that
// order. Only looks at files: which torch each has is PythonProbe's to ask.
class PythonCandidates
{
    Q_DECLARE_TR_FUNCTIONS(PythonCandidates)

public:
    struct Candidate
    {
        QString path; // the interpreter, as found (a venv's bin/python, not what it links to)
        QString origin; // where it was found, in words: "active virtual environment", "conda: base"
    };

    static QList<Candidate> find(const QString &scriptDir, const QString &buildPython,
                                 const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());
};

} // namespace tk
