import _imp_cfb
