# An object-heavy simulation: particles with methods, a grid of cells, collisions counted.
class Particle:
    def __init__(self, pid, x, y, vx, vy):
        self.pid = pid
        self.x = x
        self.y = y
        self.vx = vx
        self.vy = vy
        self.hits = 0
    def step(self, size):
        self.x += self.vx
        self.y += self.vy
        if self.x < 0 or self.x >= size:
            self.vx = -self.vx
            self.x += 2 * self.vx
            self.hits += 1
        if self.y < 0 or self.y >= size:
            self.vy = -self.vy
            self.y += 2 * self.vy
            self.hits += 1
    def cell(self, cell_size):
        return (self.x // cell_size, self.y // cell_size)
class World:
    def __init__(self, n, size):
        self.size = size
        self.particles = []
        seed = 7
        for i in range(n):
            seed = (seed * 1103515245 + 12345) % 2147483648
            x = seed % size
            seed = (seed * 1103515245 + 12345) % 2147483648
            y = seed % size
            vx = seed % 7 - 3 or 1
            vy = (seed // 7) % 7 - 3 or -1
            self.particles.append(Particle(i, x, y, vx, vy))
    def tick(self):
        grid = {}
        for p in self.particles:
            p.step(self.size)
            key = p.cell(10)
            if key in grid:
                grid[key].append(p)
            else:
                grid[key] = [p]
        crowded = 0
        for cell in grid.values():
            if len(cell) > 1:
                crowded += len(cell)
        return crowded
w = World(2000, 500)
total = 0
for _ in range(400):
    total += w.tick()
print(total, sum(p.hits for p in w.particles), sum(p.x + p.y for p in w.particles))
