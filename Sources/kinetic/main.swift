import Kinetic
print("kinetic")
