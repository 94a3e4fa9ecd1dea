# The traceback names <lambda> frames.
f = lambda x: g(x) * 2
g = lambda y: y[5]
print(f([1] * 10))
print(f([1]))
