# A UTF-8 byte order mark at the start of the file.
print("bom ok")
