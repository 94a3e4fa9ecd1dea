s = """never
closed
