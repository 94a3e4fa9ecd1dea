# Comments at the top
# describe this module.

import os

VALUE = (1, 2)


def helper(x=os.sep):
    return x


class _Hidden:
    pass
