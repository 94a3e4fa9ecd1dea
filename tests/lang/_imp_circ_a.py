print("circ_a start")
import _imp_circ_b
A_VAL = "a"
def use_b(): return _imp_circ_b.B_VAL
print("circ_a end")
