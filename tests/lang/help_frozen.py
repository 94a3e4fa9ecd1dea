# help() on library modules: the sections, the documentation link and one entry per
# public function (the docstrings themselves are krait's own for modules written in Python)
import pydoc

for name in ['heapq', 'bisect', 'textwrap', 'string', 'math', 'copy', 'fractions',
             'statistics', 'functools', 'random', 'base64', 'dataclasses']:
    mod = __import__(name)
    text = pydoc.plain(pydoc.render_doc(mod, 'Help on %s:'))
    lines = text.split('\n')
    print(name, lines[0], '|', lines[2], '|', lines[3].split(' - ')[0])
    url = 'https://docs.python.org/3.11/library/%s.html' % name
    print('  reference:', ('MODULE REFERENCE\n    ' + url) in text)
    public = [n for n in getattr(mod, '__all__', dir(mod)) if not n.startswith('_')]
    funcs = [n for n in public if callable(getattr(mod, n, None)) and
             not isinstance(getattr(mod, n), type)]
    missing = [n for n in funcs if ('\n    ' + n + '(') not in text and
               ('\n    ' + n + ' = ') not in text]
    print('  functions documented:', len(funcs) > 0, missing)
    print('  sections:', [s for s in ('NAME', 'FUNCTIONS', 'FILE') if ('\n' + s + '\n') in
                          '\n' + text])
