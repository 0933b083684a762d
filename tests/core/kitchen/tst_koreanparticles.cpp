#include "core/kitchen/koreanparticles.h"

#include <QTest>

using namespace tk;

// What a Korean reader sees where a message puts a name before a particle.
class TestKoreanParticles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void chosenByTheLastSyllable_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        // Names the kitchen makes, read as a Korean reader says them.
        QTest::newRow("x: 엑스") << "x을(를) cpu(으)로 옮기고 다시 시도"
                                 << "x를 cpu로 옮기고 다시 시도";
        QTest::newRow("x1: 일 (ㄹ)") << "x1을(를) cpu(으)로 옮기고 다시 시도"
                                     << "x1을 cpu로 옮기고 다시 시도";
        QTest::newRow("model: 모델 (ㄹ)") << "model을(를) meta(으)로 옮기고 다시 시도"
                                          << "model을 meta로 옮기고 다시 시도";
        QTest::newRow("cuda:0: 영") << "x을(를) cuda:0(으)로"
                                    << "x를 cuda:0으로";
        QTest::newRow("out: 아웃") << "out은(는) meta에 있습니다."
                                   << "out은 meta에 있습니다.";
        QTest::newRow("y: 와이") << "y은(는) meta에 있습니다."
                                 << "y는 meta에 있습니다.";
        QTest::newRow("and") << "y와(과) x 결합"
                             << "y와 x 결합";
        QTest::newRow("and, consonant") << "model와(과) x 결합"
                                        << "model과 x 결합";
        QTest::newRow("subject") << "loss이(가) 없습니다"
                                 << "loss가 없습니다";
        QTest::newRow("step: 스텝") << "step이(가) 없습니다"
                                    << "step이 없습니다";
        QTest::newRow("acronym: 씨피유") << "CPU을(를)"
                                         << "CPU를";
        QTest::newRow("acronym: 램") << "RAM을(를)"
                                     << "RAM을";
        QTest::newRow("m alone: 엠") << "m을(를)"
                                     << "m을";
        QTest::newRow("10: 십") << "10을(를) 넘는 값"
                                << "10을 넘는 값";
        QTest::newRow("2: 이") << "2을(를) 넘는 값"
                               << "2를 넘는 값";
        QTest::newRow("a unit: 기비바이트") << "1.5 GiB을(를)"
                                            << "1.5 GiB를";
        QTest::newRow("a unit: 밀리초") << "3 ms이(가)"
                                        << "3 ms가";
        QTest::newRow("percent: 퍼센트") << "77 %이(가)"
                                         << "77 %가";
        // A Hangul syllable by its final consonant: 모델 ㄹ, 장치 none, 텐서 none, 값 ㅂ.
        QTest::newRow("장치") << "장치을(를)"
                              << "장치를";
        QTest::newRow("값") << "값은(는)"
                            << "값은";
        QTest::newRow("길 (ㄹ) with (으)로") << "길(으)로"
                                             << "길로";
        QTest::newRow("값 with (으)로") << "값(으)로"
                                        << "값으로";
        // Quotes, backticks and brackets are looked through.
        QTest::newRow("quoted") << "“abc”은(는) 정수가 아닙니다."
                                << "“abc”는 정수가 아닙니다.";
        QTest::newRow("quoted digits") << "“13”은(는) 쓸 수 없습니다."
                                       << "“13”은 쓸 수 없습니다.";
        QTest::newRow("backticks") << "`model`을(를)"
                                   << "`model`을";
        QTest::newRow("a call: 아이템") << "스텝마다의 .item()은(는)"
                                        << "스텝마다의 .item()은";
        QTest::newRow("a call: 넘파이") << ".numpy()을(를)"
                                        << ".numpy()를";
        QTest::newRow("other order") << "x를(을)"
                                     << "x를";
        QTest::newRow("copula") << "model(이)라는"
                                << "model이라는";
        QTest::newRow("copula, vowel") << "meta(이)라는"
                                       << "meta라는";
        // Two in one sentence, each by its own word.
        QTest::newRow("two") << "x1을(를) y와(과) 함께"
                             << "x1을 y와 함께";
    }

    void chosenByTheLastSyllable()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QCOMPARE(KoreanParticles::resolve(text), expected);
    }

    void unreadableWordsKeepBothForms()
    {
        // Nothing before, a space, a symbol: a reader sees both, never a wrong one.
        QCOMPARE(KoreanParticles::resolve("을(를) 옮깁니다"), QStringLiteral("을(를) 옮깁니다"));
        QCOMPARE(KoreanParticles::resolve("x 을(를)"), QStringLiteral("x 을(를)"));
        QCOMPARE(KoreanParticles::resolve("→(으)로"), QStringLiteral("→(으)로"));
    }

    void otherTextIsUntouched()
    {
        for (const QString &s : {QStringLiteral("Move x to cpu and retry"), QStringLiteral("f(x) (ok)"),
                                 QStringLiteral("a (이것) b"), QString()})
            QCOMPARE(KoreanParticles::resolve(s), s);
    }
};

QTEST_APPLESS_MAIN(TestKoreanParticles)
#include "tst_koreanparticles.moc"
