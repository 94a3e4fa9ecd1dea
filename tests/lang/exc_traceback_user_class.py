class AppError(Exception):
    def __init__(self, code):
        super().__init__("code %d" % code)
        self.code = code
def run():
    raise AppError(3)
try:
    run()
except AppError as e:
    print("caught", e.code)
run()
