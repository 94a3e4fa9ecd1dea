# No trailing newline at the end of this file.
x = 1
if x:
    print("no newline at EOF")