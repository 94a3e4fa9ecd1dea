from _imp_cfb import Y
X = 1
