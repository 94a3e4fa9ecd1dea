class Quiet(Exception):
    pass
raise Quiet
