"""doc"""
from __future__ import annotations
import __future__

class Node:
    next: Node | None
    val: "int" = 0
    def link(self, other: Node, *args: int, k: dict[str, list[int]] = {}, **kw: Any) -> Node:
        return self
    def multi(self, x: tuple[int,
                             str]) -> None: pass

def f(x: int, y: "Node" = None) -> list[int]: ...
print(f.__annotations__)
print(Node.__annotations__)
print(Node.link.__annotations__)
print(Node.multi.__annotations__)
print(__annotations__ if "__annotations__" in dir() else None)
z: Undefined.thing[1:2]
print(__annotations__)
print(__future__.annotations.compiler_flag, __future__.all_feature_names[:3])
