# An object-heavy simulation: accounts, transfers, exceptions for overdrafts, a ledger.
class InsufficientFunds(Exception):
    def __init__(self, account, amount):
        super().__init__(f"{account.owner} cannot pay {amount}")
        self.account = account
class Account:
    next_id = 1
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
        self.id = Account.next_id
        Account.next_id += 1
        self.history = []
    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self.balance += amount
        self.history.append(("dep", amount))
    def withdraw(self, amount):
        if amount > self.balance:
            raise InsufficientFunds(self, amount)
        self.balance -= amount
        self.history.append(("wd", amount))
    def __repr__(self):
        return f"Account#{self.id}({self.owner}, {self.balance})"
class Bank:
    def __init__(self):
        self.accounts = {}
        self.failed = 0
    def open(self, owner, amount=0):
        acc = Account(owner, amount)
        self.accounts[acc.id] = acc
        return acc
    def transfer(self, src, dst, amount):
        try:
            self.accounts[src].withdraw(amount)
        except InsufficientFunds as e:
            self.failed += 1
            return str(e)
        self.accounts[dst].deposit(amount)
        return "ok"
bank = Bank()
names = ["ann", "bob", "cyd", "dee", "eli"]
for i, n in enumerate(names):
    bank.open(n, 100 * (i + 1))
seed = 12345
results = {}
for step in range(2000):
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    src = seed % 5 + 1
    dst = (seed // 7) % 5 + 1
    amt = (seed // 11) % 150 + 1
    r = bank.transfer(src, dst, amt)
    results[r == "ok"] = results.get(r == "ok", 0) + 1
print(results, bank.failed)
print(list(bank.accounts.values()))
print(sum(a.balance for a in bank.accounts.values()))
print([len(a.history) for a in bank.accounts.values()])
try:
    bank.accounts[1].deposit(-5)
except ValueError as e:
    print("ValueError:", e)
print(bank.transfer(1, 2, 10 ** 9))
