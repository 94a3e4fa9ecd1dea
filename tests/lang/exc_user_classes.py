# User exception classes: hierarchy, extra attributes, __str__, catching by base.
class AppError(Exception):
    pass
class ConfigError(AppError):
    def __init__(self, key, msg="bad config"):
        super().__init__(msg, key)
        self.key = key
class Silent(AppError):
    def __str__(self):
        return "silent:" + ",".join(map(str, self.args))
for exc in [AppError("plain"), ConfigError("port"), Silent(1, 2), ConfigError("host", "custom")]:
    try:
        raise exc
    except ConfigError as e:
        print("ConfigError", e.key, e.args, str(e))
    except AppError as e:
        print(type(e).__name__, str(e), repr(e), isinstance(e, Exception))
print(issubclass(ConfigError, AppError), ConfigError.__mro__[1].__name__, [c.__name__ for c in ConfigError.__mro__])
class WithRepr(ValueError):
    def __repr__(self):
        return "WithRepr!"
try:
    raise WithRepr("m")
except ValueError as e:
    print(repr(e), str(e), e.args)
try:
    raise ConfigError
except TypeError as e:
    print("TypeError:", e)
class Base(Exception):
    pass
try:
    raise Base("base") from ConfigError("k")
except Base as e:
    print(e, repr(e.__cause__), e.__cause__.key)
class Uncaught(AppError):
    pass
def fail():
    raise Uncaught("custom failure", 42)
fail()
