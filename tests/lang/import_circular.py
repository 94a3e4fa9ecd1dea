import _imp_circ_a
print(_imp_circ_a.use_b())
import _imp_circ_b
print(_imp_circ_b.B_VAL)
