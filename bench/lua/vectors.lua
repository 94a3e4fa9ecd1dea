-- bench/vectors.py in Lua: a vector "class" with __add/__sub/__mul metamethods.
local Vec = {}
Vec.__index = Vec
local function new(x, y, z) return setmetatable({x = x, y = y, z = z}, Vec) end
Vec.__add = function(a, o) return new(a.x + o.x, a.y + o.y, a.z + o.z) end
Vec.__sub = function(a, o) return new(a.x - o.x, a.y - o.y, a.z - o.z) end
Vec.__mul = function(a, k) return new(a.x * k, a.y * k, a.z * k) end
function Vec:dot(o) return self.x * o.x + self.y * o.y + self.z * o.z end

local function trace(n)
    local origin = new(0.0, 0.0, -5.0)
    local center = new(0.0, 0.0, 0.0)
    local hits, shade = 0, 0.0
    for j = 0, n - 1 do
        for i = 0, n - 1 do
            local d = new((i - n / 2) / n, (j - n / 2) / n, 1.0)
            local oc = origin - center
            local a = d:dot(d)
            local b = 2.0 * oc:dot(d)
            local c = oc:dot(oc) - 1.0
            local disc = b * b - 4 * a * c
            if disc > 0 then
                hits = hits + 1
                local t = (-b - disc ^ 0.5) / (2.0 * a)
                local p = origin + d * t
                local nrm = p - center
                shade = shade + math.max(0.0, nrm:dot(new(0.577, 0.577, -0.577)))
            end
        end
    end
    return hits, shade
end

local h, s = trace(600)
print(h .. " " .. string.format("%.6f", s))
