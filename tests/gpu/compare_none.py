# == and != against None and other non-numbers are element-wise (issue 9), as in NumPy 2.
import numpy as np


def t(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


def t_type(label, f):  # NumPy's message comes from its object loops
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, "TypeError" if isinstance(e, TypeError) else type(e).__name__)


a = np.ones(3)
t("== None", lambda: a == None)  # noqa: E711
t("!= None", lambda: a != None)  # noqa: E711
t("None ==", lambda: None == a)  # noqa: E711
t("None !=", lambda: None != a)  # noqa: E711
t("2d == None", lambda: np.ones((2, 2)) == None)  # noqa: E711
t("empty == None", lambda: np.ones(0) == None)  # noqa: E711
t("int == None", lambda: np.arange(3) != None)  # noqa: E711
t("== str", lambda: a == 'a')
t("!= str", lambda: a != 'a')
t("== dict", lambda: a == {})
t("== object", lambda: a == object())
t("np.equal None", lambda: np.equal(a, None))
t("np.not_equal None", lambda: np.not_equal(None, a))
t_type("< None", lambda: a < None)
t_type(">= str", lambda: a >= 'a')
t("== short list", lambda: a == [1, 2])
t("== list", lambda: a == [1, 0, 1])
t("in list", lambda: None in [a])
print((a == None).dtype, (a != None).all())  # noqa: E711
