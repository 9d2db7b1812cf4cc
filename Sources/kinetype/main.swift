// Command-line entry point; see DESIGN.md section 5.
print("kinetype")
