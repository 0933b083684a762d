#!/usr/bin/env python3
"""The Korean UI and lessons against the English and the glossary (stdlib only, no build).

Fails (exit 1, one line per problem) on
  - a Korean message that is unfinished, empty, or missing from one of the two .ts files;
  - a %1…%99 / %n placeholder set or an &x accelerator that differs from the English source;
  - a form the glossary does not allow (resources/translations/glossary-ko.md, third column, in
    backticks) in a Korean message, a Korean lesson or its index, a README line in Korean, or a
    Korean entry of the launcher (the .desktop file's [ko] keys, the metainfo's xml:lang="ko");
    a source text's word quoted as 교안의 ‘…’, 가이드의 ‘…’ or 블로그 글의 ‘…’ is not checked;
  - in the same texts, outside a lesson's <pre> code, the glossary's rules that are not one form:
    a 해체/해라체 question (a Hangul syllable followed by 까? 니? 냐? 나? 지? 래? 야? 가?: questions
    are 해요체, -ㄹ까요?) and the noun 발견 without 사항 (a finding is 발견 사항);
  - in a Korean message, a fixed 을/를/은/는/가/와/과 right after a placeholder (write %1을(를),
    %1이(가), …, which the app resolves), and a " · " list with an item that ends as a -니다/-세요
    sentence (the items of one list are noun phrases or end in -ㅁ/-음);
  - English and Korean lesson indexes that list different files, or a listed file missing;
  - an English plural (a %n message) whose singular and plural forms are not both written, or a
    source text that writes a plural as "(s)" (the English forms say it).

Usage: check_korean.py [SOURCE_DIR]   (default: the repository this file is in)
"""
import html
import os
import re
import sys
import xml.etree.ElementTree as ET

HANGUL = re.compile('[\uac00-\ud7a3]')
PLACEHOLDER = re.compile(r'%L?(\d{1,2}|n)')
# "&x" marks an accelerator; "&&" is a literal ampersand and "&amp;"-like entities are text.
ACCEL = re.compile(r'&(?!&)(?![A-Za-z]+;|#\d+;)([^\s&])')
# A source text's own word, quoted as such: 시드(교안의 ‘씨앗’). Not checked against the glossary.
QUOTED_SOURCE = re.compile('(?:교안|가이드|블로그 글)의 ‘[^’]*’')
# A 해체/해라체 question: 느릴까? 있니? 했냐? 하나? 뭐지? 할래? 뭐야? 인가? (해요체 ends in 요?).
HAECHE_QUESTION = re.compile('[\uac00-\ud7a3](?:까|니|냐|나|지|래|야|가)\\?')
# The noun 발견 alone: a finding is 발견 사항 (발견하다, 발견된 … stay verbs).
BARE_FINDING = re.compile('발견(?!\\s*사항)(?![하했해함할한되됐된될])')
# A fixed particle that depends on the word right after a placeholder (or its closing quote).
FIXED_PARTICLE = re.compile('%(?:\\d{1,2}|n)[”’"]?(?:을|를|은|는|가|와|과)(?![(지])')
LIST_SEPARATOR = ' · '
SENTENCE_END = ('니다', '세요')
PRE = re.compile(r'<pre\b.*?</pre>', re.S | re.I)


def paths(root):
    return {
        'ts_ko': os.path.join(root, 'resources', 'translations', 'tensorkitchen_ko.ts'),
        'ts_en': os.path.join(root, 'resources', 'translations', 'tensorkitchen_en.ts'),
        'glossary': os.path.join(root, 'resources', 'translations', 'glossary-ko.md'),
        'lessons': os.path.join(root, 'resources', 'lessons'),
        'readme': os.path.join(root, 'README.md'),
        'launcher': [os.path.join(root, 'resources', 'tensor-kitchen.desktop'),
                     os.path.join(root, 'resources', 'io.github.tensorkitchen.TensorKitchen.metainfo.xml')],
    }


def read(path):
    with open(path, encoding='utf-8') as f:
        return f.read()


def accelerators(text):
    return sorted(c.lower() for c in ACCEL.findall(text.replace('&&', '')))


def messages(path):
    """(context, source) -> (list of translation texts, the <translation> element's type)."""
    out = {}
    for ctx in ET.parse(path).getroot().iter('context'):
        name = ctx.findtext('name')
        for m in ctx.iter('message'):
            src = m.findtext('source') or ''
            tr = m.find('translation')
            forms = [f.text or '' for f in tr.iter('numerusform')] if m.get('numerus') == 'yes' else [tr.text or '']
            out[(name, src)] = (forms, tr.get('type'))
    return out


def forbidden_forms(glossary):
    """Every backticked form in the 'Not allowed' column of the glossary's tables."""
    forms = []
    column = None
    for line in read(glossary).splitlines():
        if not line.startswith('|'):
            column = None
            continue
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if column is None:
            column = next((i for i, c in enumerate(cells) if c.lower() == 'not allowed'), -1)
            continue
        if 0 <= column < len(cells):
            forms += re.findall(r'`([^`]+)`', cells[column])
    return forms


def form_problems(where, text, forms):
    """The glossary's refused forms in text (quotations of a source text's word left out)."""
    text = QUOTED_SOURCE.sub('‘’', text)
    return [f'{where}: "{f}" is not allowed by the glossary: {text.strip()[:120]}' for f in forms if f in text]


def rule_problems(where, text):
    """The glossary's rules that are not one form: the 해체 question, the bare 발견."""
    out = []
    for m in HAECHE_QUESTION.finditer(text):
        out.append(f'{where}: "{m.group(0)}" is a 해체/해라체 question: questions are 해요체 (-ㄹ까요?): '
                   f'{text.strip()[:120]}')
    for m in BARE_FINDING.finditer(text):
        out.append(f'{where}: "{text[m.start():m.start() + 4]}": a finding is "발견 사항" (the glossary): '
                   f'{text.strip()[:120]}')
    return out


def message_problems(where, text):
    """Rules for a Korean message only: particles after placeholders, " · " lists."""
    out = []
    for m in FIXED_PARTICLE.finditer(text):
        out.append(f'{where}: "{m.group(0)}": after a placeholder write both forms (을(를), 은(는), 이(가), '
                   f'와(과)), which the app resolves: {text.strip()[:120]}')
    items = text.split(LIST_SEPARATOR)
    if len(items) > 1:
        for item in items:
            if item.rstrip(' .…)').endswith(SENTENCE_END):
                out.append(f'{where}: the " · " list item "{item.strip()[-30:]}" ends as a sentence: items of one '
                           f'list are noun phrases or end in -ㅁ/-음: {text.strip()[:120]}')
    return out


def lesson_index(lessons, lang):
    path = os.path.join(lessons, lang, 'index.txt')
    files = []
    for line in read(path).splitlines():
        if line.strip():
            files.append(line.split('\t', 1)[0].strip())
    return path, files


def without_code(text):
    """text with each <pre>…</pre> block blanked, its line breaks kept (code may use 해라체)."""
    return PRE.sub(lambda m: '\n' * m.group(0).count('\n'), text)


def check(root):
    """Every problem in the source tree at root, as lines."""
    p = paths(root)
    problems = []
    forms = forbidden_forms(p['glossary'])
    if not forms:
        problems.append(f'{p["glossary"]}: no "Not allowed" forms found: is the table still there?')
    ko, en = messages(p['ts_ko']), messages(p['ts_en'])
    for key in sorted(set(en) - set(ko)):
        problems.append(f'{p["ts_ko"]}: [{key[0]}] "{key[1][:60]}" is in the English .ts only')
    for key in sorted(set(ko) - set(en)):
        problems.append(f'{p["ts_en"]}: [{key[0]}] "{key[1][:60]}" is in the Korean .ts only')
    for (ctx, src), (forms_ko, kind) in sorted(ko.items()):
        where = f'{p["ts_ko"]}: [{ctx}] "{src[:60]}"'
        if kind in ('unfinished', 'vanished', 'obsolete'):
            problems.append(f'{where}: translation is {kind}')
            continue
        want_ph, want_acc = sorted(set(PLACEHOLDER.findall(src))), accelerators(src)
        for text in forms_ko:
            if not text.strip():
                problems.append(f'{where}: empty translation')
                continue
            got_ph = sorted(set(PLACEHOLDER.findall(text)))
            if got_ph != want_ph:
                problems.append(f'{where}: placeholders {got_ph} differ from the English {want_ph}')
            if accelerators(text) != want_acc:
                problems.append(f'{where}: accelerator {accelerators(text)} differs from the English {want_acc}')
            problems += form_problems(where, text, forms)
            problems += rule_problems(where, text)
            problems += message_problems(where, text)

    for (ctx, src), (forms_en, kind) in sorted(en.items()):
        where = f'{p["ts_en"]}: [{ctx}] "{src[:60]}"'
        if '(s)' in src:
            problems.append(f'{where}: a "(s)" plural in the source: write the plural, the .ts the singular')
        if '%n' in src and (kind == 'unfinished' or len(forms_en) != 2 or not all(f.strip() for f in forms_en)):
            problems.append(f'{where}: the English singular and plural forms are not both written')

    en_index, en_files = lesson_index(p['lessons'], 'en')
    ko_index, ko_files = lesson_index(p['lessons'], 'ko')
    if en_files != ko_files:
        problems.append(f'{ko_index}: lists {ko_files}, the English index {en_files}')
    for lang, files in (('en', en_files), ('ko', ko_files)):
        for f in files:
            if not os.path.isfile(os.path.join(p['lessons'], lang, f)):
                problems.append(f'{os.path.join(p["lessons"], lang, "index.txt")}: {f} does not exist')
    for n, line in enumerate(read(ko_index).splitlines(), 1):
        problems += form_problems(f'{ko_index}:{n}', line, forms)
        problems += rule_problems(f'{ko_index}:{n}', line)
    for f in ko_files:
        path = os.path.join(p['lessons'], 'ko', f)
        if os.path.isfile(path):
            text = read(path)
            lines, prose = text.splitlines(), without_code(text).splitlines()
            for n, line in enumerate(lines, 1):
                problems += form_problems(f'{path}:{n}', html.unescape(line), forms)
                if n <= len(prose):
                    problems += rule_problems(f'{path}:{n}', html.unescape(prose[n - 1]))
    if os.path.isfile(p['readme']):
        for n, line in enumerate(read(p['readme']).splitlines(), 1):
            if HANGUL.search(line):
                problems += form_problems(f'{p["readme"]}:{n}', line, forms)
                problems += rule_problems(f'{p["readme"]}:{n}', line)
    for path in p['launcher']:
        if os.path.isfile(path):
            for n, line in enumerate(read(path).splitlines(), 1):
                if HANGUL.search(line) or '[ko]' in line or 'xml:lang="ko"' in line:
                    problems += form_problems(f'{path}:{n}', html.unescape(line), forms)
                    problems += rule_problems(f'{path}:{n}', html.unescape(line))
    return problems, len(ko), len(ko_files), len(forms)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    root = os.path.abspath(argv[0] if argv else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
    problems, n_messages, n_lessons, n_forms = check(root)
    for p in problems:
        print(p)
    print(f'korean_check: {n_messages} Korean messages, {n_lessons} Korean lessons, '
          f'{n_forms} forms not allowed: {len(problems)} problem(s)')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
