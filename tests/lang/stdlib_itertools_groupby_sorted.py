import itertools as it
words = sorted(['apple', 'avocado', 'banana', 'blueberry', 'cherry'])
for k, g in it.groupby(words, key=lambda w: w[0]):
    print(k, list(g))
