-- bench/closures.py in Lua: counters with upvalues, composed lambdas, map/filter/reduce by
-- loops (Lua has no builtins for them), sort with a comparator.
local function make_counter(step)
    local n = 0
    return function() n = n + step; return n end
end

local function compose(f, g) return function(x) return f(g(x)) end end

local total = 0
for rep = 1, 120 do
    local counters = {}
    for s = 1, 49 do counters[#counters + 1] = make_counter(s) end
    for _ = 1, 200 do
        for _, c in ipairs(counters) do total = total + (c() & 7) end
    end
    local f = compose(function(x) return x + 1 end, function(x) return x * 2 end)
    local m = 0
    for x = 0, 4999 do m = m + f(x) end
    total = total + m
    local kept = {}
    local pred = function(x) return x % 3 == 0 end
    for x = 0, 4999 do if pred(x) then kept[#kept + 1] = x end end
    total = total + #kept
    local acc = 0
    local step = function(a, b) return (a * 31 + b) % 1000003 end
    for x = 0, 4999 do acc = step(acc, x) end
    total = total + acc
    local arr = {}
    for x = 0, 1999 do arr[#arr + 1] = x end
    table.sort(arr, function(a, b) return -a < -b end)
    total = total + arr[1]
end
print(total)
