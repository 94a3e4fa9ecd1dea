# dataclasses: InitVar pseudo-fields go to __init__ and __post_init__ only
from dataclasses import dataclass, field, fields, InitVar

@dataclass
class Account:
    owner: str
    balance: float = 0.0
    bonus: InitVar[float] = 0.0
    history: list = field(default_factory=list)

    def __post_init__(self, bonus):
        if bonus:
            self.balance += bonus
            self.history.append(("bonus", bonus))

a = Account("ann", 10, 5)
print(a, [f.name for f in fields(a)])
print(Account("bob"))
print(hasattr(a, "bonus"), Account.bonus if hasattr(Account, "bonus") else "no class attr")

@dataclass
class Scaled:
    value: float
    factor: InitVar[int]
    def __post_init__(self, factor):
        self.value *= factor

print(Scaled(1.5, 4))
try:
    Scaled(1.0)
except TypeError as e:
    print("TypeError:", e)
