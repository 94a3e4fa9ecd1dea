from typing import (List, Dict, Optional, Union, Any, Callable, Tuple, TypeVar, Generic, Set,
                    FrozenSet, Iterable, Iterator, Sequence, Mapping, Type, Literal, ClassVar,
                    Final, Annotated, cast, overload, get_origin, get_args, NoReturn)
import typing
print(List, Dict, List[int], Dict[str, int], Optional[int], Union[int, str])
print(Union[int, str, None], Optional[Union[int, str]], Union[int], Union[int, int, str])
print(Any, Callable[[int, str], bool], Callable[..., int], Tuple[int, ...], Tuple[()])
print(Tuple[int, str], Set[int], FrozenSet[str], Iterable[int], Sequence[str], Type[int])
print(Literal[1, "a", True], ClassVar[int], Final[str], Annotated[int, "meta", 3])
print(List[List[int]], Dict[str, Optional[List[int]]], Mapping[str, Any])
T = TypeVar("T")
K = TypeVar("K", bound=int)
Co = TypeVar("Co", covariant=True)
print(T, K, Co, K.__bound__, T.__name__)
print(List[T], Dict[str, T][int], List[T][str])
print(get_origin(List[int]), get_origin(Dict[str, int]), get_origin(Union[int, str]))
print(get_args(Dict[str, int]), get_args(Optional[int]), get_args(Callable[[int], str]))
print(get_origin(int), get_args(int), get_origin(Literal[1]), get_args(Literal[1, 2]))
print(cast(int, "x"), cast("List[int]", [1]))
print(Optional[int] == Union[int, None], Union[int, str] == Union[str, int], List[int] == List[int])
print(hash(List[int]) == hash(List[int]))
x: List[int] = [1, 2]
def f(a: Dict[str, int], b: Optional["Foo"] = None) -> List[str]:
    return list(a)
print(f.__annotations__)
print(f({"a": 1}))
print(typing.TYPE_CHECKING, typing.Text)
try:
    isinstance(1, List[int])
except TypeError as e:
    print("TypeError:", e)
print(isinstance([], List), issubclass(list, List))
try:
    Any()
except TypeError as e:
    print("TypeError:", e)
try:
    isinstance(1, Any)
except TypeError as e:
    print("TypeError:", e)
try:
    Union[()]
except TypeError as e:
    print("TypeError:", e)
try:
    Dict[int]
except TypeError as e:
    print("TypeError:", e)
print(isinstance(3, Union[int, str]), isinstance(3.0, Union[int, str]))
print(repr(NoReturn), typing.Never)
