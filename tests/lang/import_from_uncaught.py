from _imp_mod_all import missing_name
