x, y, name, pi = 5, 2.5, "Bob", 3.14159
print(f"{x} {y} {name}", f"{x+1}", f"{x!r:>4}", f"{name!r}", f"{pi:.2f}", f"{x:#06b}", f"{x=}", f"{pi = :.1f}")
print(f"{'a' if x else 'b'}", f"{[1,2][0]}", f"{ {'k': 1}['k'] }", f"{{x}}", f"{x:{'>'}{5}}")
w = 8
print(f"{name:^{w}}|", f"{1234567:,}", f"{0.5:%}", f"{-1:+}", f"{name.upper()}", f"{len(name)*'-'}")
print(f"{3!s:>3}", f"{'é'!a}", f"{1e10:g}", f"{x}{y}{name}")
