# _check.py: the helper of lib_misc and broadcast_readonly (not a test itself): t(label, f)
# prints f's result, or its exception's type and message.


def t(label, f):
    try:
        r = f()
    except Exception as e:
        r = "%s: %s" % (type(e).__name__, e)
    print(label, r)
