import sys
import _imp_mod_a
m = sys.modules["_imp_mod_a"]
del sys.modules["_imp_mod_a"]
import _imp_mod_a as again
print(again is m)
sys.modules["fake_mod"] = "I am fake"
import fake_mod
print(fake_mod)
