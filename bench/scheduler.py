# A task scheduler in the style of the classic "richards" workload: task objects in a linked
# queue, a scheduler loop dispatching on state, packets passed between tasks, method calls and
# attribute reads/writes on small classes dominating.
class Packet:
    def __init__(self, link, ident, kind):
        self.link = link
        self.ident = ident
        self.kind = kind
        self.datum = 0
        self.data = [0] * 4

    def append_to(self, lst):
        self.link = None
        if lst is None:
            return self
        p = lst
        while p.link is not None:
            p = p.link
        p.link = self
        return lst


class Task:
    def __init__(self, sched, ident, prio, queue):
        self.sched = sched
        self.ident = ident
        self.prio = prio
        self.queue = queue
        self.waiting = queue is not None
        self.held = False
        self.count = 0
        sched.tasks[ident] = self

    def runnable(self):
        return not self.held and (self.queue is not None or not self.waiting)

    def take(self):
        p = self.queue
        if p is not None:
            self.queue = p.link
            self.waiting = False
        return p


class Worker(Task):
    def run(self, pkt):
        self.count += 1
        if pkt is None:
            self.waiting = True
            return None
        pkt.datum = (pkt.datum + self.ident * 7 + self.count) % 1000
        for i in range(4):
            pkt.data[i] = (pkt.data[i] + pkt.datum + i) % 26
        return self.sched.send(pkt, (self.ident + 1) % len(self.sched.tasks))


class Idler(Task):
    def run(self, pkt):
        self.count += 1
        if pkt is not None:
            return self.sched.send(pkt, 1)
        self.held = self.count % 3 == 0
        return None


class Scheduler:
    def __init__(self):
        self.tasks = {}
        self.holds = 0
        self.sent = 0

    def send(self, pkt, dest):
        t = self.tasks[dest]
        self.sent += 1
        t.queue = pkt.append_to(t.queue)
        t.held = False
        return t

    def run(self, steps):
        order = sorted(self.tasks.values(), key=lambda t: -t.prio)
        for step in range(steps):
            for t in order:
                if t.runnable():
                    t.run(t.take())
                else:
                    self.holds += 1
                    t.held = False


def main():
    s = Scheduler()
    pkts = None
    for i in range(6):
        pkts = Packet(pkts, i, i % 2)
    Idler(s, 0, 0, None)
    for i in range(1, 6):
        Worker(s, i, i * 10, None)
    s.tasks[1].queue = pkts
    s.run(120000)
    total = sum(t.count for t in s.tasks.values())
    print(total, s.sent, s.holds)


main()
