import sys
print("before")
sys.exit("goodbye message")
