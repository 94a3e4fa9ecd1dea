from __future__ import annotations

from typing import Dict, List, Optional, Union, get_type_hints, Callable, Any, TypeVar
import typing


class Tree:
    children: List[Tree]
    parent: Optional[Tree]
    weights: Dict[str, float]

    def __init__(self, parent: Optional[Tree] = None) -> None:
        self.parent = parent
        self.children = []

    def add(self, child: Tree) -> Tree:
        self.children.append(child)
        return self

    def walk(self, fn: Callable[[Tree], Any]) -> None:
        fn(self)
        for c in self.children:
            c.walk(fn)


print(Tree.__annotations__)
print(Tree.add.__annotations__)
print(get_type_hints(Tree))
print(get_type_hints(Tree.add))
print(get_type_hints(Tree.walk))
print(get_type_hints(Tree.__init__))
t = Tree().add(Tree()).add(Tree())
n = []
t.walk(lambda x: n.append(len(x.children)))
print(n)

T = TypeVar("T")


def first(xs: list[T]) -> T | None:
    return xs[0] if xs else None


print(first.__annotations__, first([4, 5]), first([]))
value: Union[int, str] = 3
print(__annotations__)
print(typing.get_type_hints(__import__("__main__")))
