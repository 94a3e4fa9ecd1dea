try:
    raise KeyboardInterrupt
except:
    print("bare caught KeyboardInterrupt")
try:
    try:
        raise SystemExit(2)
    except Exception:
        print("no")
except BaseException as e:
    print("BaseException", type(e).__name__, e.code)
try:
    1/0
except ArithmeticError as e:
    print(type(e).__name__, e)
