# KeyboardInterrupt is a BaseException: not caught by except Exception.
try:
    try:
        raise KeyboardInterrupt
    except Exception:
        print("wrong handler")
except BaseException as e:
    print("caught", type(e).__name__, isinstance(e, Exception))
