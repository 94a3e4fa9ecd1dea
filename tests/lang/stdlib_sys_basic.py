import sys
print(type(sys.argv).__name__, sys.argv[0], type(sys.path).__name__, sys.maxsize, sys.byteorder in ('little', 'big'))
print(sys.version_info[0], sys.version_info.major, type(sys.version).__name__, 'sys' in sys.modules, sys.modules['sys'] is sys)
sys.stdout.write('written\n')
print(sys.stdout.write('abc'))
sys.stderr.write('')
print(sys.getrecursionlimit() > 0, sys.platform != '')
print(isinstance(sys.float_info.max, float), sys.float_info.epsilon, sys.float_info.dig, sys.float_info.mant_dig)
print(sys.int_info.bits_per_digit > 0 if hasattr(sys, 'int_info') else True)
try:
    sys.exit(3)
except SystemExit as e:
    print('exit', e.code)
try:
    sys.exit()
except SystemExit as e:
    print('exit', e.code)
print(sys.exc_info()[0])
try:
    1 / 0
except ZeroDivisionError:
    print(sys.exc_info()[0].__name__, str(sys.exc_info()[1]))
print(sys.intern('ab') == 'ab', sys.version_info >= (3, 0), sys.version_info[:2])
print(type(sys.version_info).__name__, sys.float_info.max, sys.float_info.min, sys.float_info.radix)
