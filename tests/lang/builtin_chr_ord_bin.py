print(chr(65), chr(0x263a), ord('a'), ord('\u20ac'), ord(b'a'))
try:
    chr(-1)
except ValueError as e:
    print(e)
try:
    ord('ab')
except TypeError as e:
    print(e)
print(bin(5), bin(-5), oct(8), oct(-8), hex(255), hex(-255), bin(0), hex(2 ** 70))
try:
    hex(1.5)
except TypeError as e:
    print(e)
print(format(255, 'x'), format(5, 'b'), format(3.5, '.2f'), format('a', '>3'), format(12345, ','))
