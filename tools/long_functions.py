#!/usr/bin/env python3
"""Lists the C++ functions longer than LIMIT lines under the given folders (the project's rule:
none over 100 in runtime/ and interpreter/). Strings, raw strings, character literals and
comments are blanked first; a function is a '{' whose text since the last ';', '{' or '}' ends
in a parameter list (not if/for/while/switch/catch, not a class or namespace), counted from the
first line of its signature, which may span lines, to its closing '}' by brace depth. Lambdas
and local classes count towards the function around them.

usage: tools/long_functions.py LIMIT DIR|FILE...    e.g. tools/long_functions.py 100 runtime interpreter
"""
import argparse, re, sys, os

def strip(src):
    out = []; i = 0; n = len(src)
    while i < n:
        c = src[i]
        if src.startswith('//', i):
            j = src.find('\n', i); j = n if j < 0 else j
            out.append(' ' * (j - i)); i = j
        elif src.startswith('/*', i):
            j = src.find('*/', i + 2); j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', src[i:j])); i = j
        elif src.startswith('R"', i):
            m = re.match(r'R"([^(]*)\(', src[i:])
            end = src.find(')' + m.group(1) + '"', i) + len(m.group(1)) + 2
            out.append(re.sub(r'[^\n]', ' ', src[i:end])); i = end
        elif c in '"\'':
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == '\\' else 1
            out.append(c + ' ' * (j - i - 1) + c); i = j + 1
        else:
            out.append(c); i += 1
    return ''.join(out)

KW = {'if', 'for', 'while', 'switch', 'catch', 'do', 'else', 'try'}

def scan(path, limit):
    src = strip(open(path, encoding='utf-8', errors='replace').read())
    res = []
    stack = []  # (kind, start_line, name)
    line = 1; i = 0; last_stmt_end = 0
    for i, c in enumerate(src):
        if c == '\n': line += 1
        elif c == '{':
            head = src[last_stmt_end:i]
            kind, name = 'block', ''
            in_fn = any(k == 'fn' for k, _, _ in stack)
            # a function (or lambda) head: ... name(...) [const noexcept -> T ...] {
            h = re.sub(r'\s+', ' ', head).strip()
            m = re.search(r'([~\w:<>]+)\s*\((.*)\)\s*(const|noexcept|override|final|mutable|->[^{;]*|\s)*$', h)
            if m and not in_fn:
                nm = m.group(1).split('::')[-1]
                if nm not in KW and not re.search(r'\b(class|struct|namespace|enum|union)\b', h.split('(')[0]):
                    kind, name = 'fn', m.group(1)
            start = line - head.count('\n') if kind == 'fn' else line
            # signature start: first non-blank line of the head
            if kind == 'fn':
                k = 0
                for ln in head.split('\n'):
                    if ln.strip(): break
                    k += 1
                start = line - head.count('\n') + k
            stack.append((kind, start, name))
            last_stmt_end = i + 1
        elif c == '}':
            if stack:
                kind, start, name = stack.pop()
                if kind == 'fn':
                    length = line - start + 1
                    if length > limit: res.append((length, path, start, name))
            last_stmt_end = i + 1
        elif c == ';':
            last_stmt_end = i + 1
    return res

def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split('\n\nusage:')[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('limit', type=int, metavar='LIMIT', help='list functions longer than this many lines')
    ap.add_argument('dirs', nargs='+', metavar='DIR', help='folders to scan (recursively), or files')
    args = ap.parse_args()
    out = []
    for root in args.dirs:
        if os.path.isfile(root):
            out += scan(root, args.limit)
            continue
        if not os.path.isdir(root):
            ap.error(f"'{root}' is neither a file nor a folder")
        for d, _, fs in os.walk(root):
            for f in fs:
                if f.endswith(('.cpp', '.h', '.hpp', '.cc')) and 'generated' not in d:
                    out += scan(os.path.join(d, f), args.limit)
    for length, p, s, n in sorted(out, reverse=True):
        print(f'{length:4d} {p}:{s} {n}')
    return 0

if __name__ == '__main__':
    sys.exit(main())
