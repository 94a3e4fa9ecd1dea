# _warncheck.py: the helper of the warning tests (reduce_warnings, reduce_flags, cpu_reduce_warnings,
# cast_warnings, cpu_cast_warnings; not a test itself): t(label, f) calls f and prints its
# result (or exception) and the warnings it raised, recorded, so they print on stdout in
# order under krait and NumPy alike.
import warnings


def t(label, f):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            r = f()
        except Exception as e:
            r = "%s: %s" % (type(e).__name__, e)
        text = repr(r)
    print(label, text, [str(x.message) + " | " + x.category.__name__ for x in w])
