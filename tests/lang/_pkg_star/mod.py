m = "mod"
