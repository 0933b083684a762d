#pragma once

#include <QString>

namespace tk {

// Korean particles chosen by the word before them, as Korean software writes them. A
// translation can only say "%1을(를)": which of the two is right depends on what %1 becomes.
// resolve() picks 을 or 를, 은 or 는, 이 or 가, 과 or 와, 으로 or 로 (and (이) before 나, 라, …)
// from the last syllable of the word in front, read the way a Korean reader says it: a Hangul
// syllable by its final consonant, a digit by its Korean name (1 일, 3 삼, 10 십), a Latin
// letter alone by its name (m 엠, x 엑스), a word by how it ends ("model" 모델, "out" 아웃).
// Closing quotes, brackets and backticks are looked through. Where the word cannot be read
// (nothing before, a space) the form with both stays. Text without these forms comes back
// unchanged, so every language's text may go through it.
class KoreanParticles
{
public:
    static QString resolve(const QString &text);

    enum class Ending { Unknown, Vowel, Consonant, Rieul }; // Rieul: ㄹ, which takes 로 not 으로
    // How the text in front of position `end` (exclusive) ends when read aloud.
    static Ending endingBefore(const QString &text, qsizetype end);
};

} // namespace tk
