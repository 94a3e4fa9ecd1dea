-- Lua port of bench/int_loop.py.
local function run(n)
  local total = 0
  local i = 0
  while i < n do
    total = (total + i * i) % 1000000007
    i = i + 1
  end
  local x = 0
  for j = 0, n - 1 do
    x = x ~ ((j << 3) + (j >> 2) - (j & 7))
  end
  return total, x
end
local a, b = run(3000000)
print(a .. " " .. b)
