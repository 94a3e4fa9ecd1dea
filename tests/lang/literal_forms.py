# Every literal form of the core subset.
print(0, 00, 123, 1_000_000, 0b1011, 0B1_0, 0o17, 0O7_7, 0x1F, 0XdEaD_bEeF, 10 ** 30)
print(1.5, 1., .5, 1e3, 1E-3, 1_0.0_1, 1e1_0, 0e0, 00.5, 1_2e-2_0, 3.14_15)
print('s', "d", '''t''', """T""", r'\r', R'\n', b'b', B"B", rb'\x', Rb'\\', br'\t', f'{1}', F'{2}', rf'{3}\n')
print('\'', "\"", '\\', '\n' == chr(10), '\r\t\v\f\a\b\0' == '\x0d\x09\x0b\x0c\x07\x08\x00', '\101\x42\u0043\U00000044')
print('\N{LATIN SMALL LETTER E WITH ACUTE}', '\u00e9' == 'é', len('\
'), 'line\
continued')
print(b'\x00\xff\n', b'abc'[0], b'\101', len(b'\\'), bytes(b'\xc3\xa9').decode())
print(True, False, None, ..., Ellipsis is ..., [], [1, ], (), (1,), {}, {1: 2, }, {1}, {1, 2, })
print('adjacent' ' strings' " concatenate", 'a' f'{1+1}' 'c', type(...).__name__)
x = """first
  second\
 joined
third"""
print(repr(x))
print(-1, +1, - -1, -(-1), ~0, not 0, 1_0 + 0x_f)
