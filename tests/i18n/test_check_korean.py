#!/usr/bin/env python3
"""check_korean.py refuses what the glossary refuses (issue 47), and the repository passes it.

Each case plants one bad form in a copy of the Korean resources (a lesson line, or one Korean
message of the .ts) and runs the checker on the copy. Stdlib only (unittest), so it runs as a
script (CTest korean_check_test) and under pytest alike:

    python3 tests/i18n/test_check_korean.py
    python3 -m pytest -q -p no:cacheprovider tests/i18n/test_check_korean.py
"""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, '..', '..'))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

import check_korean  # noqa: E402

LESSON = os.path.join('resources', 'lessons', 'ko', '14-why-slow.html')
TS_KO = os.path.join('resources', 'translations', 'tensorkitchen_ko.ts')
GLOSSARY = os.path.join(REPO, 'resources', 'translations', 'glossary-ko.md')
SCRIPT = os.path.join(HERE, 'check_korean.py')

# (a lesson line to plant, what the report must say)
BAD_LESSON_LINES = [
    ('<p>에폭이 끝나면 한 번 읽습니다.</p>', '"에폭"'),
    ('<p>시계를 읽기 전에는 <code>torch.cuda.synchronize()</code>를 부릅니다.</p>', '"부릅니다"'),
    ('<p><code>x.numpy()</code>를 부르면 오류가 납니다.</p>', '"부르면"'),
    ('<p>Python에서 부르는 <code>torch.matmul</code>입니다.</p>', '"부르는"'),
    ('<p>루프에서 <code>.to(device)</code>를 더 부를 필요가 없습니다.</p>', '"부를 필요"'),
    ('<p>torch 안에서 부른 것은 세지 않습니다.</p>', '"부른 것"'),
    ('<p>스텝마다 <code>.item()</code>을 불렀습니다.</p>', '"불렀"'),
    ('<p>GPU가 얼마나 놀았는지도 잽니다.</p>', '"놀았는지"'),
    ('<p>GPU가 데이터를 기다리며 놀고 있습니다.</p>', '"놀고"'),
    ('<p>(원문 004: GPU 연산이 빠르면 CPU의 데이터 로딩이 병목이 됩니다)</p>', '"원문 004"'),
    ('<p>같은 씨앗으로 학습합니다.</p>', '"씨앗"'),
    ('<p>CPU판 PyTorch를 설치한 경우가 많습니다.</p>', '"CPU판"'),
    ('<p>배치를 GPU들에 나눕니다.</p>', '"GPU들"'),
    ('<h2>내 프로그램은 왜 느릴까?</h2>', '"릴까?" is a 해체'),
    ('<p>GPU가 있니?</p>', '"있니?" is a 해체'),
    ('<p>어느 GPU일까?</p>', '"일까?" is a 해체'),
    ('<p>두 발견을 살펴봅니다.</p>', 'a finding is "발견 사항"'),
]

# (a Korean translation as the .ts writes it, what to write instead, what the report must say)
BAD_MESSAGES = [
    ('시드:', '씨앗:', '"씨앗"'),  # the seed rule: the Seed field says 시드
    ('시드(&amp;E):', '씨앗(&amp;E):', '"씨앗"'),
    ('CPU 전용 빌드', 'CPU판', '"CPU판"'),
    ('· GPU', '· GPU들', '"GPU들"'),
    ('&lt;b&gt;왜 느릴까요?&lt;/b&gt; 이번 실행에서 보인 것', '&lt;b&gt;왜 느릴까?&lt;/b&gt; 이번 실행에서 보인 것',
     '해체'),
    ('Python 레인(Python에서 호출하는 torch.matmul)', 'Python 레인(Python에서 부르는 torch.matmul)', '"부르는"'),
    ('데이터셋 전체는 %1이고, %2에는 %3이(가) 남아 있습니다.', '데이터셋 전체는 %1이고, %2에는 %3가 남아 있습니다.',
     '"%3가"'),
    ('교차 엔트로피 손실 · .to() 필요 없음(입력이 있는 곳에서 계산됨)',
     '교차 엔트로피 손실 · 입력이 있는 곳에서 계산됩니다', 'list item'),
    ('발견 사항 %1 (%2): %3', '발견 %1 (%2): %3', 'a finding is "발견 사항"'),
]

# Lesson lines that must pass: a quotation, 불러오기 (load), 해요체, code comments, …
GOOD_LESSON_LINES = [
    '<p>시드(교안의 ‘씨앗’)는 교안의 말입니다.</p>',
    '<p>파일 → 불러오기로 텐서를 불러옵니다. 파일을 불러오면 카드가 생기고, 불러온 텐서는 CPU에 있습니다.</p>',
    '<p>작은 일은 왜 GPU에서 더 느릴까요? 어느 GPU일까요?</p>',
    '<pre><code>x = x.to(device)   # GPU가 있나?\n</code></pre>',
    '<p>데이터셋을 통째로 GPU에, 아니면 배치마다?</p>',
    '<p>발견 사항을 고르면 그 줄이 보입니다. 오류를 발견하면 알려 줍니다.</p>',
    '<p>GPU 유휴 시간을 잽니다. 이 프로세스를 랭크(rank)라고 합니다.</p>',
]


class Tree:
    """A copy of what the checker reads: the two .ts, the glossary, the lessons."""

    def __init__(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        for part in (os.path.join('resources', 'translations'), os.path.join('resources', 'lessons')):
            shutil.copytree(os.path.join(REPO, part), os.path.join(self.root, part))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.tmp.cleanup()

    def plant_lesson(self, line):
        with open(os.path.join(self.root, LESSON), 'a', encoding='utf-8') as f:
            f.write(line + '\n')

    def plant_message(self, old, new):
        path = os.path.join(self.root, TS_KO)
        with open(path, encoding='utf-8') as f:
            text = f.read()
        old_tr, new_tr = f'<translation>{old}</translation>', f'<translation>{new}</translation>'
        if old_tr not in text:
            raise AssertionError(f'{old!r} is not a Korean message of {TS_KO}')
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text.replace(old_tr, new_tr, 1))

    def problems(self):
        return check_korean.check(self.root)[0]


class CheckKoreanTest(unittest.TestCase):
    def test_the_repository_passes(self):
        found, n_messages, n_lessons, n_forms = check_korean.check(REPO)
        self.assertEqual(found, [])
        self.assertTrue(n_messages > 0 and n_lessons > 0 and n_forms > 0)

    def test_the_script_exits_0_on_the_repository(self):
        run = subprocess.run([sys.executable, SCRIPT, REPO], capture_output=True, text=True, timeout=60)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertIn('0 problem(s)', run.stdout)

    def test_the_glossary_refuses_the_new_forms(self):
        forms = check_korean.forbidden_forms(GLOSSARY)
        for form in ('에폭', '부릅니다', '부르면', '부르는', '부를 필요', '부른 것', '불렀', '놀았는지', '놀고',
                     '원문 004', '씨앗', 'CPU판', 'GPU들', '느릴까?'):
            with self.subTest(form=form):
                self.assertIn(form, forms)
        for form in ('시드', '불러', '불러오', '유휴', '에포크', '호출', '가이드', 'CPU 전용'):
            with self.subTest(allowed=form):
                self.assertFalse([f for f in forms if f in form or form.startswith(f)], form)

    def test_a_planted_lesson_line_is_reported(self):
        for line, what in BAD_LESSON_LINES:
            with self.subTest(line=line), Tree() as tree:
                tree.plant_lesson(line)
                found = tree.problems()
                self.assertTrue(any(what in p and LESSON in p for p in found), (what, found))

    def test_a_planted_message_is_reported(self):
        for old, new, what in BAD_MESSAGES:
            with self.subTest(message=new), Tree() as tree:
                tree.plant_message(old, new)
                found = tree.problems()
                self.assertTrue(any(what in p and 'tensorkitchen_ko.ts' in p for p in found), (what, found))

    def test_legitimate_text_is_not_reported(self):
        for line in GOOD_LESSON_LINES:
            with self.subTest(line=line), Tree() as tree:
                tree.plant_lesson(line)
                self.assertEqual(tree.problems(), [])

    def test_the_script_exits_1_and_names_the_forms(self):
        with Tree() as tree:
            tree.plant_lesson('<p>에폭마다 GPU가 놀았는지 봅니다.</p>')
            run = subprocess.run([sys.executable, SCRIPT, tree.root], capture_output=True, text=True, timeout=60)
        self.assertEqual(run.returncode, 1, run.stdout)
        self.assertIn('"에폭"', run.stdout)
        self.assertIn('"놀았는지"', run.stdout)


if __name__ == '__main__':
    unittest.main()
