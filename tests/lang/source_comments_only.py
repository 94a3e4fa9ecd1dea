# Only comments and blank lines.

    # indented comment

# last
