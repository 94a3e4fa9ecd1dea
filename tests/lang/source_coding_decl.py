# -*- coding: utf-8 -*-
# An explicit coding declaration.
print("café")
