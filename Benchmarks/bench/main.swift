// Benchmark entry point.
print("bench")
