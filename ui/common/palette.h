#pragma once

#include <QColor>

namespace tk {

// Every colour the UI draws with, in one place, so that one idea has one colour wherever it
// appears: the devices (DeviceStyle names them), Python's text, errors and warnings, and the
// two classes of the training race's spirals.
class Palette
{
public:
    // The devices: the CPU counter's copper, the GPU workbench's green, the meta shelf's plum.
    static QColor counter() { return QColor(0xc1, 0x66, 0x1c); }
    static QColor workbench() { return QColor(0x4e, 0x9a, 0x06); }
    static QColor shelf() { return QColor(0x75, 0x50, 0x7b); }
    // Text: what the user typed and Python's keywords, errors, comments and dimmed notes.
    static QColor code() { return QColor(0x00, 0x33, 0x99); }
    static QColor error() { return QColor(0xb0, 0x00, 0x20); }
    static QColor dim() { return QColor(0x69, 0x69, 0x69); } // 4.8:1 on the window, 5.5:1 on white (WCAG AA)
    static QColor number() { return QColor(0x09, 0x86, 0x58); }
    static QColor string() { return QColor(0x06, 0x7d, 0x17); }
    // A warning note: dark red text on pale yellow with an amber border.
    static QColor warningText() { return QColor(0xa4, 0x00, 0x00); }
    static QColor warningBack() { return QColor(0xff, 0xf4, 0xce, 235); }
    static QColor warningBorder() { return QColor(0xc4, 0xa0, 0x00); }
    // Thin lines that frame (legends) and the two spirals' classes.
    static QColor frame() { return QColor(0xc0, 0xc0, 0xc0); }
    static QColor classA() { return QColor(0x9a, 0x2a, 0x0a); }
    static QColor classB() { return QColor(0x12, 0x35, 0x80); }
};

} // namespace tk
