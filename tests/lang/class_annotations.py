class A:
    x: int = 5
    y: str
print(A.x, A.__annotations__)
print(hasattr(A, "y"))
