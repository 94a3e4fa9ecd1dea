class E(BaseException): pass
raise E("base")
