-- bench/float_points.py in Lua: Point objects (tables with a metatable), normalize, maximize.
local sin, cos, sqrt = math.sin, math.cos, math.sqrt
local Point = {}
Point.__index = Point

function Point.new(i)
    local x = sin(i)
    return setmetatable({x = x, y = cos(i) * 3, z = (x * x) / 2}, Point)
end

function Point:normalize()
    local norm = sqrt(self.x * self.x + self.y * self.y + self.z * self.z)
    self.x = self.x / norm
    self.y = self.y / norm
    self.z = self.z / norm
end

function Point:maximize(other)
    self.x = self.x > other.x and self.x or other.x
    self.y = self.y > other.y and self.y or other.y
    self.z = self.z > other.z and self.z or other.z
    return self
end

local function run(n)
    local points = {}
    for i = 0, n - 1 do points[#points + 1] = Point.new(i) end
    for _, p in ipairs(points) do p:normalize() end
    local best = points[1]
    for k = 2, #points do best = best:maximize(points[k]) end
    return best
end

local b
for k = 1, 12 do b = run(50000) end
print(string.format("%.9f %.9f %.9f", b.x, b.y, b.z))
