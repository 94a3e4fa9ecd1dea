print(repr([1, [2, (3, {4: {5}})]]), ascii(['é']), repr(range(3)), repr(slice(1, 2, 3)))
