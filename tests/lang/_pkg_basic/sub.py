print("load sub", __name__)
def hello(): return "hello from sub"
from .helper import helpval
