print("circ_b start")
import _imp_circ_a
B_VAL = "b"
print("circ_b sees a has A_VAL:", hasattr(_imp_circ_a, "A_VAL"))
