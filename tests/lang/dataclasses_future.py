from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import ClassVar, Dict, List, Optional


@dataclass
class Employee:
    name: str
    salary: float = 0.0
    reports: List[Employee] = field(default_factory=list)
    manager: Optional[Employee] = field(default=None, repr=False)
    headcount: ClassVar[int] = 0
    tags: Dict[str, int] = field(default_factory=dict, compare=False)

    def __post_init__(self):
        Employee.headcount += 1

    def add(self, e: Employee) -> Employee:
        e.manager = self
        self.reports.append(e)
        return self

    @property
    def total(self) -> float:
        return self.salary + sum(r.total for r in self.reports)


boss = Employee("ann", 100.0).add(Employee("bob", 50.0)).add(Employee("cy", 40.5))
print(boss)
print(boss.total, Employee.headcount)
print([(f.name, f.type) for f in dataclasses.fields(Employee)])
print(Employee.__doc__)
print(dataclasses.asdict(Employee("x", 1.0, tags={"a": 1})))
print(Employee("a") == Employee("a", tags={"z": 9}))


@dataclass(frozen=True, order=True)
class Card:
    rank: int
    suit: str = "spades"

    def __str__(self) -> str:
        return f"{self.rank} of {self.suit}"


cards = sorted([Card(10, "hearts"), Card(2), Card(10, "clubs")])
print(cards, [str(c) for c in cards])
print(len({Card(1), Card(1), Card(2)}))
print(dataclasses.replace(cards[0], rank=14))


@dataclass
class Matrix:
    rows: int
    cols: int
    data: List[List[float]] = field(init=False)

    def __post_init__(self) -> None:
        self.data = [[0.0] * self.cols for _ in range(self.rows)]


m = Matrix(2, 3)
m.data[1][2] = 5.0
print(m)
print(dataclasses.astuple(m))
