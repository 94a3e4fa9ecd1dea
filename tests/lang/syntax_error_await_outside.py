await something
