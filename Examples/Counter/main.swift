import Reflow
print("todo")
