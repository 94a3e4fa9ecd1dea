if x:
    if y:
        if z:
            pass
        else:
            pass
    # comment at odd indentation
  # another
    y = 2

        # indented comment

def f():
	return 1

class C:
    def m(self):
        pass



    def n(self):
        pass
x = [
  1,
      2,
]
if a: b = 1; c = 2
while 0: pass
