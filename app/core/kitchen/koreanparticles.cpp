#include "core/kitchen/koreanparticles.h"

#include <QRegularExpression>

namespace tk {

namespace {

using Ending = KoreanParticles::Ending;

Ending ofHangul(QChar c)
{
    const int jong = (c.unicode() - 0xAC00) % 28;
    return jong == 0 ? Ending::Vowel : jong == 8 ? Ending::Rieul : Ending::Consonant;
}

// 영 일 이 삼 사 오 육 칠 팔 구; a number ending in 0 after other digits is 십, 백, 천, 만…
Ending ofDigits(const QString &digits)
{
    static const Ending names[]
        = {Ending::Consonant, Ending::Rieul,     Ending::Vowel, Ending::Consonant, Ending::Vowel,
           Ending::Vowel,     Ending::Consonant, Ending::Rieul, Ending::Rieul,     Ending::Vowel};
    const int last = digits.back().digitValue();
    if (last == 0 && digits.size() > 1)
        return Ending::Consonant;
    return names[last];
}

// A Latin letter said by its name: 엘, 엠, 엔, 알 end in a consonant, the others in a vowel.
Ending ofLetterName(QChar c)
{
    switch (c.toLower().unicode()) {
    case 'l':
    case 'r':
        return Ending::Rieul;
    case 'm':
    case 'n':
        return Ending::Consonant;
    default:
        return Ending::Vowel;
    }
}

bool isVowelLetter(QChar c) { return QStringLiteral("aeiou").contains(c.toLower()); }

// An English word as it is written in Hangul: -l 모델, -m/-n/-ng 텐션 롱, a short vowel before
// -p/-t/-k/-b 스텝 아웃 북 탭, -ck 블록; everything else (-r 텐서, -e 코드, -s 로스, -x 인덱스) ends in
// a vowel sound. Acronyms (CPU, GPU) are read letter by letter.
Ending ofWord(const QString &word)
{
    const QString w = word.toLower();
    // Units are read in Korean: 바이트, 초 (KiB, MB, ms, s).
    static const QStringList units
        = {QStringLiteral("b"),   QStringLiteral("kb"),    QStringLiteral("mb"),  QStringLiteral("gb"),
           QStringLiteral("tb"),  QStringLiteral("kib"),   QStringLiteral("mib"), QStringLiteral("gib"),
           QStringLiteral("tib"), QStringLiteral("bytes"), QStringLiteral("ms"),  QStringLiteral("s")};
    if (units.contains(w))
        return Ending::Vowel;
    if (word.size() == 1 || word == word.toUpper())
        return ofLetterName(word.back());
    const QChar last = w.back();
    if (last == QLatin1Char('l'))
        return Ending::Rieul;
    if (last == QLatin1Char('m') || last == QLatin1Char('n') || w.endsWith(QLatin1String("ng"))
        || w.endsWith(QLatin1String("ck")))
        return Ending::Consonant;
    if (QStringLiteral("ptkb").contains(last) && isVowelLetter(w.at(w.size() - 2)))
        return Ending::Consonant;
    return Ending::Vowel;
}

} // namespace

KoreanParticles::Ending KoreanParticles::endingBefore(const QString &text, qsizetype end)
{
    qsizetype i = end;
    // Look through what closes a quoted or bracketed name (”x” `x` "x" 'x' (x) [x]) and a call's ().
    static const QString closers = QStringLiteral("\u201D\u2019\"'`)]>");
    for (;;) {
        if (i >= 2 && text.at(i - 1) == QLatin1Char(')') && text.at(i - 2) == QLatin1Char('('))
            i -= 2; // a call, ".item()": read as its name, 아이템
        else if (i > 0 && closers.contains(text.at(i - 1)))
            --i;
        else
            break;
    }
    if (i == 0)
        return Ending::Unknown;
    const QChar c = text.at(i - 1);
    if (c.unicode() >= 0xAC00 && c.unicode() <= 0xD7A3)
        return ofHangul(c);
    if (c == QLatin1Char('%'))
        return Ending::Vowel; // 퍼센트
    if (c.isDigit()) {
        qsizetype start = i - 1;
        while (start > 0 && text.at(start - 1).isDigit())
            --start;
        return ofDigits(text.mid(start, i - start));
    }
    if (c.isLetter() && c.unicode() < 0x80) {
        qsizetype start = i - 1;
        while (start > 0 && text.at(start - 1).unicode() < 0x80 && text.at(start - 1).isLetter())
            --start;
        return ofWord(text.mid(start, i - start));
    }
    return Ending::Unknown;
}

QString KoreanParticles::resolve(const QString &text)
{
    // Both orders of each pair, and (으)로 / (이) before its ending.
    static const QRegularExpression forms(QStringLiteral(
        "을\\(를\\)|를\\(을\\)|은\\(는\\)|는\\(은\\)|이\\(가\\)|가\\(이\\)|과\\(와\\)|와\\(과\\)|\\(으\\)로|\\(이\\)"));
    if (!text.contains(QLatin1Char('(')))
        return text;
    QString out;
    qsizetype from = 0;
    auto it = forms.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const QString form = m.captured();
        // The word in front as already written out: a form right after another resolves too.
        out += text.mid(from, m.capturedStart() - from);
        from = m.capturedEnd();
        const Ending e = endingBefore(out, out.size());
        if (e == Ending::Unknown) {
            out += form;
            continue;
        }
        const bool consonant = e != Ending::Vowel;
        if (form == u"(으)로")
            out += e == Ending::Consonant ? QStringLiteral("으로") : QStringLiteral("로");
        else if (form == u"(이)")
            out += consonant ? QStringLiteral("이") : QString();
        else if (form.contains(QStringLiteral("을")))
            out += consonant ? QStringLiteral("을") : QStringLiteral("를");
        else if (form.contains(QStringLiteral("은")))
            out += consonant ? QStringLiteral("은") : QStringLiteral("는");
        else if (form.contains(QStringLiteral("가")))
            out += consonant ? QStringLiteral("이") : QStringLiteral("가");
        else
            out += consonant ? QStringLiteral("과") : QStringLiteral("와");
    }
    out += text.mid(from);
    return out;
}

} // namespace tk
