print(list(), tuple(), dict(), set(), frozenset(), str(), int(), float(), bool())
