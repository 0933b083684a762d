#!/usr/bin/env python3
"""The Korean UI and lessons against the English and the glossary (stdlib only, no build).

Fails (exit 1, one line per problem) on
  - a Korean message that is unfinished, empty, or missing from one of the two .ts files;
  - a %1…%99 / %n placeholder set or an &x accelerator that differs from the English source;
  - a form the glossary does not allow (resources/translations/glossary-ko.md, third column, in
    backticks) in a Korean message, a Korean lesson or its index, a README line in Korean, or a
    Korean entry of the launcher (the .desktop file's [ko] keys, the metainfo's xml:lang="ko");
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

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', '..'))
TS_KO = os.path.join(ROOT, 'resources', 'translations', 'tensorkitchen_ko.ts')
TS_EN = os.path.join(ROOT, 'resources', 'translations', 'tensorkitchen_en.ts')
GLOSSARY = os.path.join(ROOT, 'resources', 'translations', 'glossary-ko.md')
LESSONS = os.path.join(ROOT, 'resources', 'lessons')
README = os.path.join(ROOT, 'README.md')
LAUNCHER = [os.path.join(ROOT, 'resources', 'tensor-kitchen.desktop'),
            os.path.join(ROOT, 'resources', 'io.github.tensorkitchen.TensorKitchen.metainfo.xml')]

HANGUL = re.compile('[\uac00-\ud7a3]')
PLACEHOLDER = re.compile(r'%L?(\d{1,2}|n)')
# "&x" marks an accelerator; "&&" is a literal ampersand and "&amp;"-like entities are text.
ACCEL = re.compile(r'&(?!&)(?![A-Za-z]+;|#\d+;)([^\s&])')

problems = []


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


def forbidden_forms():
    """Every backticked form in the 'Not allowed' column of the glossary's tables."""
    forms = []
    column = None
    for line in open(GLOSSARY, encoding='utf-8'):
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


def check_forms(where, text, forms):
    for f in forms:
        if f in text:
            problems.append(f'{where}: "{f}" is not allowed by the glossary: {text.strip()[:120]}')


def lesson_index(lang):
    path = os.path.join(LESSONS, lang, 'index.txt')
    files = []
    for line in open(path, encoding='utf-8'):
        if line.strip():
            files.append(line.split('\t', 1)[0].strip())
    return path, files


def main():
    forms = forbidden_forms()
    if not forms:
        problems.append(f'{GLOSSARY}: no "Not allowed" forms found: is the table still there?')
    ko, en = messages(TS_KO), messages(TS_EN)
    for key in sorted(set(en) - set(ko)):
        problems.append(f'{TS_KO}: [{key[0]}] "{key[1][:60]}" is in the English .ts only')
    for key in sorted(set(ko) - set(en)):
        problems.append(f'{TS_EN}: [{key[0]}] "{key[1][:60]}" is in the Korean .ts only')
    for (ctx, src), (forms_ko, kind) in sorted(ko.items()):
        where = f'{TS_KO}: [{ctx}] "{src[:60]}"'
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
            check_forms(where, text, forms)

    for (ctx, src), (forms_en, kind) in sorted(en.items()):
        where = f'{TS_EN}: [{ctx}] "{src[:60]}"'
        if '(s)' in src:
            problems.append(f'{where}: a "(s)" plural in the source: write the plural, the .ts the singular')
        if '%n' in src and (kind == 'unfinished' or len(forms_en) != 2 or not all(f.strip() for f in forms_en)):
            problems.append(f'{where}: the English singular and plural forms are not both written')

    en_index, en_files = lesson_index('en')
    ko_index, ko_files = lesson_index('ko')
    if en_files != ko_files:
        problems.append(f'{ko_index}: lists {ko_files}, the English index {en_files}')
    for lang, files in (('en', en_files), ('ko', ko_files)):
        for f in files:
            if not os.path.isfile(os.path.join(LESSONS, lang, f)):
                problems.append(f'{os.path.join(LESSONS, lang, "index.txt")}: {f} does not exist')
    check_forms(ko_index, open(ko_index, encoding='utf-8').read(), forms)
    for f in ko_files:
        path = os.path.join(LESSONS, 'ko', f)
        if os.path.isfile(path):
            for n, line in enumerate(open(path, encoding='utf-8'), 1):
                check_forms(f'{path}:{n}', html.unescape(line), forms)
    if os.path.isfile(README):
        for n, line in enumerate(open(README, encoding='utf-8'), 1):
            if HANGUL.search(line):
                check_forms(f'{README}:{n}', line, forms)
    for path in LAUNCHER:
        if os.path.isfile(path):
            for n, line in enumerate(open(path, encoding='utf-8'), 1):
                if HANGUL.search(line) or '[ko]' in line or 'xml:lang="ko"' in line:
                    check_forms(f'{path}:{n}', html.unescape(line), forms)

    for p in problems:
        print(p)
    print(f'korean_check: {len(ko)} Korean messages, {len(ko_files)} Korean lessons, '
          f'{len(forms)} forms not allowed: {len(problems)} problem(s)')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
