from _imp_cfa import X
Y = 2
