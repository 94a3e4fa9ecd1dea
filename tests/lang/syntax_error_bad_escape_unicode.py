s = "\N{NOT A REAL NAME}"
