print([1.0, 'x', "y'", None, True, (1,), {}, set()], str([b'\x00']), repr([-0.0, 1e16]))
