if __name__ == "__main__":
    print("should not print")
else:
    print("imported as", __name__)
