# Uncaught IndexError in a method.
class Q:
    def __init__(self):
        self.items = []
    def pop_front(self):
        return self.items[0]
q = Q()
q.items.append("a")
print(q.pop_front())
q.items.clear()
q.pop_front()
