# An exception whose str() is empty prints just the class name.
raise ValueError("")
