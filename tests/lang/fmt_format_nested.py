data = [("apple", 1.5, 3), ("banana", 0.25, 12), ("cherry", 10.0, 100)]
for name, price, qty in data:
    print("{:<10}|{:>8.2f}|{:^5d}|{:>10,.2f}".format(name, price, qty, price * qty * 1000))
print("{0:-^30}".format(" total "), "{:08.3f}".format(-3.14159), "{:+08d}".format(42), "{:=^+9d}".format(7))
print("{:#>+10.3e}".format(12345.678), "{:,d}".format(-1234567), "{:_x}".format(0xdeadbeef), "{:#_b}".format(37))
