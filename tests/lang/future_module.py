"""__future__ is a frozen module: its features, their releases and compiler flags."""
from __future__ import division, print_function, generator_stop
import __future__

print(sorted(__future__.all_feature_names))
for name in __future__.all_feature_names:
    feat = getattr(__future__, name)
    print(name, feat, feat.getOptionalRelease(), feat.getMandatoryRelease())
print(division is __future__.division)
print(__future__.__name__, "__all__" in dir(__future__))
print(type(__future__).__name__)
import sys
print(sys.modules["__future__"] is __future__)
try:
    exec("from __future__ import braces")
except SyntaxError as e:
    print("SyntaxError", e.msg if hasattr(e, "msg") else e)
for src in ["x = 1\nfrom __future__ import annotations", "from __future__ import nope",
            "def f():\n    from __future__ import division", '"doc"\nfrom __future__ import division\nx = 1']:
    try:
        exec(src)
        print("ok")
    except SyntaxError as e:
        print("SyntaxError:", e.msg, e.lineno)
