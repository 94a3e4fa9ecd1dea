# generic aliases (PEP 585) and X | Y unions (PEP 604): reprs, args, substitution, isinstance
print(list[int], dict[str, int] | None, type(list[int]), tuple[()], tuple[int, ...])
try: list[int][str]
except TypeError as e: print(e)
try: isinstance([], list[int])
except TypeError as e: print(e)
try: int | 3
except TypeError as e: print(e)
print(list[int] == list[int], list[int] == list, int|str == str|int, (int|int), dict[str, list[int]] | None)
print(list[int].__args__, list[int].__parameters__, type(int|str).__module__)
class A(list[int]): pass
print(A.__mro__, A.__orig_bases__)
print(issubclass(bool, int|str), isinstance(None, int|None), isinstance("s", int | str))
import typing
T=typing.TypeVar('T')
print(list[T], list[T].__parameters__, list[T][int], dict[str, T][int])
print(type(list[int]).__name__, type(int|str).__name__, type(int|str).__qualname__)
print(hash(list[int]) == hash(list[int]))
print(list[int].__class__, list[int](), list[int]("ab"))
import types
print(types.GenericAlias, types.UnionType, isinstance(int | str, types.UnionType))
print(types.GenericAlias(list, (int,)))
def f(x: list[int], y: dict[str, "A"] | None = None) -> tuple[int, ...]: pass
print(f.__annotations__)
print(typing.get_args(int | str), typing.get_origin(list[int]), typing.Optional[int], typing.List[int])
print(typing.get_type_hints(f))
print(int | None | str, None | int)
