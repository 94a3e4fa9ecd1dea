# Division by zero in every form, caught.
tests = [lambda: 1 / 0, lambda: 1 // 0, lambda: 1 % 0, lambda: divmod(1, 0),
         lambda: 1.0 / 0, lambda: 1.0 // 0.0, lambda: 1.0 % 0.0, lambda: divmod(1.5, 0.0),
         lambda: 2 ** 100 // 0, lambda: 0 ** -1, lambda: 0.0 ** -1, lambda: pow(5, -1, 10),
         lambda: pow(2, 3, 0), lambda: 10 ** 100 % 0]
for t in tests:
    try:
        print(t())
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)
    except ValueError as e:
        print("ValueError:", e)
