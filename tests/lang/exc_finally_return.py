# finally runs on return, break, continue and exceptions; a return inside finally wins.
def ret_in_finally():
    try:
        return "try"
    finally:
        return "finally"
def ret_swallows():
    try:
        raise ValueError("lost")
    finally:
        return "swallowed"
def order():
    log = []
    def inner():
        try:
            log.append("body")
            return "value"
        finally:
            log.append("cleanup")
    r = inner()
    log.append(r)
    return log
print(ret_in_finally(), ret_swallows(), order())
def loop_break():
    out = []
    for i in range(5):
        try:
            if i == 2:
                break
            if i == 0:
                continue
            out.append(i)
        finally:
            out.append("f%d" % i)
    return out
print(loop_break())
def nested():
    log = []
    try:
        try:
            raise KeyError("a")
        except KeyError:
            log.append("caught a")
            raise ValueError("b")
        finally:
            log.append("inner finally")
    except ValueError as e:
        log.append("caught " + str(e))
    finally:
        log.append("outer finally")
    return log
print(nested())
def finally_value():
    x = 1
    try:
        return x
    finally:
        x = 2
print(finally_value())
def reraise():
    try:
        1 / 0
    except ZeroDivisionError:
        raise
try:
    reraise()
except ZeroDivisionError as e:
    print("reraised:", e)
count = 0
while True:
    try:
        count += 1
        if count == 3:
            break
    finally:
        pass
print(count)
