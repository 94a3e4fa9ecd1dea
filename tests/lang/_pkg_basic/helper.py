helpval = 99
