print(__name__)
import _imp_main_check
if __name__ == "__main__":
    print("main block")
import sys
print(sys.modules["__main__"].__name__)
