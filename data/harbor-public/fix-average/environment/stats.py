import sys
nums = [float(x) for x in open(sys.argv[1]).read().split()]
print(sum(nums) / (len(nums) + 1))
