print("plain loaded", __name__)
