print("loading _imp_mod_a", __name__)
value = 10
def func(): return "func from a"
_private = "p"
class K:
    pass
