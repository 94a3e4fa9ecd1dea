"""unittest for krait: the core of CPython 3.11's unittest (docs.python.org/3.11/library/
unittest.html): TestCase with its assert methods, setUp/tearDown and the class-level
fixtures, skips and expected failures, subTest, TestSuite, TestLoader, TextTestRunner and
main(), with CPython's text report on stderr. Not provided: mocks (unittest.mock), test
discovery in directories, the command-line options other than -v/-q."""

import sys
import time

__all__ = ["TestCase", "TestSuite", "TestLoader", "TextTestRunner", "TestResult", "main",
           "skip", "skipIf", "skipUnless", "expectedFailure", "SkipTest", "defaultTestLoader"]


class SkipTest(Exception):
    """Raise to skip a test (TestCase.skipTest does)."""


class _ExpectedFailure(Exception):
    pass


def skip(reason):
    def deco(obj):
        if isinstance(obj, type):
            obj.__unittest_skip__ = True
            obj.__unittest_skip_why__ = reason
            return obj

        def skipped(*args, **kwargs):
            raise SkipTest(reason)
        skipped.__name__ = getattr(obj, "__name__", "skipped")
        skipped.__unittest_skip__ = True
        skipped.__unittest_skip_why__ = reason
        return skipped
    if callable(reason) and not isinstance(reason, str):
        f, reason = reason, ""
        return deco(f)
    return deco


def skipIf(condition, reason):
    return skip(reason) if condition else (lambda obj: obj)


def skipUnless(condition, reason):
    return skip(reason) if not condition else (lambda obj: obj)


def expectedFailure(func):
    func.__unittest_expecting_failure__ = True
    return func


class _Raises:
    def __init__(self, case, expected, regex=None):
        self.case = case
        self.expected = expected
        self.regex = regex
        self.exception = None

    def __enter__(self):
        return self

    def __exit__(self, typ, value, tb):
        name = getattr(self.expected, "__name__", str(self.expected))
        if typ is None:
            raise self.case.failureException("%s not raised" % name)
        if not issubclass(typ, self.expected):
            return False
        self.exception = value
        if self.regex is not None:
            import re
            if not re.search(self.regex, str(value)):
                raise self.case.failureException('"%s" does not match "%s"' % (self.regex, value))
        return True


class _SubTest:
    def __init__(self, case, msg, params):
        self.case = case
        self.msg = msg
        self.params = params

    def __enter__(self):
        return self

    def __exit__(self, typ, value, tb):
        if typ is None:
            return False
        if issubclass(typ, SkipTest):
            return False
        result = self.case._result
        if result is None:
            return False
        desc = str(self.case)
        extra = ""
        if self.msg is not None:
            extra += " [%s]" % self.msg
        if self.params:
            extra += " (%s)" % ", ".join("%s=%r" % kv for kv in self.params.items())
        result.addSubTest(self.case, _Named(desc + extra, self.case), value,
                          issubclass(typ, self.case.failureException))
        self.case._subtest_failed = True
        return True


class _Named:
    def __init__(self, text, case):
        self.text = text
        self.case = case

    def __str__(self):
        return self.text


def _format_exc(exc):
    import traceback
    return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))


class TestCase:
    """A test: methods whose names start with 'test', run with setUp and tearDown."""

    failureException = AssertionError
    longMessage = True
    maxDiff = 80 * 8

    def __init__(self, methodName="runTest"):
        self._testMethodName = methodName
        self._result = None
        self._cleanups = []
        self._subtest_failed = False
        if methodName != "runTest" and not hasattr(self, methodName):
            raise ValueError("no such test method in %s: %s" % (type(self), methodName))

    def setUp(self):
        pass

    def tearDown(self):
        pass

    @classmethod
    def setUpClass(cls):
        pass

    @classmethod
    def tearDownClass(cls):
        pass

    def addCleanup(self, function, /, *args, **kwargs):
        self._cleanups.append((function, args, kwargs))

    def doCleanups(self):
        while self._cleanups:
            function, args, kwargs = self._cleanups.pop()
            function(*args, **kwargs)

    def id(self):
        return "%s.%s.%s" % (type(self).__module__, type(self).__qualname__, self._testMethodName)

    def __str__(self):
        return "%s (%s.%s.%s)" % (self._testMethodName, type(self).__module__,
                                  type(self).__qualname__, self._testMethodName)

    def __repr__(self):
        return "<%s.%s testMethod=%s>" % (type(self).__module__, type(self).__qualname__,
                                          self._testMethodName)

    def shortDescription(self):
        doc = getattr(self, self._testMethodName).__doc__
        return doc.strip().split("\n")[0].strip() if doc else None

    def countTestCases(self):
        return 1

    def skipTest(self, reason):
        raise SkipTest(reason)

    def subTest(self, msg=None, **params):
        return _SubTest(self, msg, params)

    def fail(self, msg=None):
        raise self.failureException(msg)

    def _msg(self, msg, standard):
        if msg is None:
            return standard
        return "%s : %s" % (standard, msg) if self.longMessage else msg

    def __call__(self, result=None):
        return self.run(result)

    def run(self, result=None):
        if result is None:
            result = TestResult()
        self._result = result
        result.startTest(self)
        method = getattr(self, self._testMethodName)
        cls = type(self)
        if getattr(cls, "__unittest_skip__", False) or getattr(method, "__unittest_skip__", False):
            why = getattr(cls, "__unittest_skip_why__", "") or getattr(method,
                                                                       "__unittest_skip_why__", "")
            result.addSkip(self, why)
            result.stopTest(self)
            return result
        expecting = getattr(method, "__unittest_expecting_failure__", False)
        self._subtest_failed = False
        outcome = None
        try:
            self.setUp()
        except SkipTest as e:
            result.addSkip(self, str(e))
            result.stopTest(self)
            return result
        except BaseException as e:
            if isinstance(e, KeyboardInterrupt):
                raise
            result.addError(self, e)
            result.stopTest(self)
            return result
        try:
            method()
        except SkipTest as e:
            outcome = ("skip", str(e))
        except self.failureException as e:
            outcome = ("fail", e)
        except KeyboardInterrupt:
            raise
        except BaseException as e:
            outcome = ("error", e)
        try:
            self.tearDown()
        except BaseException as e:
            if outcome is None:
                outcome = ("error", e)
        try:
            self.doCleanups()
        except BaseException as e:
            if outcome is None:
                outcome = ("error", e)
        if outcome is None and self._subtest_failed:
            outcome = ("subfail", None)
        if expecting:
            if outcome is None:
                result.addUnexpectedSuccess(self)
            elif outcome[0] in ("fail", "error", "subfail"):
                result.addExpectedFailure(self, outcome[1])
            else:
                result.addSkip(self, outcome[1])
        elif outcome is None:
            result.addSuccess(self)
        elif outcome[0] == "skip":
            result.addSkip(self, outcome[1])
        elif outcome[0] == "fail":
            result.addFailure(self, outcome[1])
        elif outcome[0] == "error":
            result.addError(self, outcome[1])
        result.stopTest(self)
        return result

    def debug(self):
        self.setUp()
        getattr(self, self._testMethodName)()
        self.tearDown()
        self.doCleanups()

    # ---- assertions ----

    def assertTrue(self, expr, msg=None):
        if not expr:
            raise self.failureException(self._msg(msg, "%r is not true" % (expr,)))

    def assertFalse(self, expr, msg=None):
        if expr:
            raise self.failureException(self._msg(msg, "%r is not false" % (expr,)))

    def assertEqual(self, first, second, msg=None):
        if not first == second:
            raise self.failureException(self._msg(msg, "%r != %r" % (first, second)))

    def assertNotEqual(self, first, second, msg=None):
        if not first != second:
            raise self.failureException(self._msg(msg, "%r == %r" % (first, second)))

    assertEquals = assertEqual
    assertNotEquals = assertNotEqual

    def assertIs(self, a, b, msg=None):
        if a is not b:
            raise self.failureException(self._msg(msg, "%r is not %r" % (a, b)))

    def assertIsNot(self, a, b, msg=None):
        if a is b:
            raise self.failureException(self._msg(msg, "unexpectedly identical: %r" % (a,)))

    def assertIsNone(self, obj, msg=None):
        if obj is not None:
            raise self.failureException(self._msg(msg, "%r is not None" % (obj,)))

    def assertIsNotNone(self, obj, msg=None):
        if obj is None:
            raise self.failureException(self._msg(msg, "unexpectedly None"))

    def assertIn(self, member, container, msg=None):
        if member not in container:
            raise self.failureException(self._msg(msg, "%r not found in %r" % (member, container)))

    def assertNotIn(self, member, container, msg=None):
        if member in container:
            raise self.failureException(self._msg(msg, "%r unexpectedly found in %r" %
                                                  (member, container)))

    def assertIsInstance(self, obj, cls, msg=None):
        if not isinstance(obj, cls):
            raise self.failureException(self._msg(msg, "%r is not an instance of %r" % (obj, cls)))

    def assertNotIsInstance(self, obj, cls, msg=None):
        if isinstance(obj, cls):
            raise self.failureException(self._msg(msg, "%r is an instance of %r" % (obj, cls)))

    def assertGreater(self, a, b, msg=None):
        if not a > b:
            raise self.failureException(self._msg(msg, "%r not greater than %r" % (a, b)))

    def assertGreaterEqual(self, a, b, msg=None):
        if not a >= b:
            raise self.failureException(self._msg(msg, "%r not greater than or equal to %r" %
                                                  (a, b)))

    def assertLess(self, a, b, msg=None):
        if not a < b:
            raise self.failureException(self._msg(msg, "%r not less than %r" % (a, b)))

    def assertLessEqual(self, a, b, msg=None):
        if not a <= b:
            raise self.failureException(self._msg(msg, "%r not less than or equal to %r" % (a, b)))

    def assertAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        if first == second:
            return
        if delta is not None and places is not None:
            raise TypeError("specify delta or places not both")
        diff = abs(first - second)
        if delta is not None:
            if diff <= delta:
                return
            standard = "%r != %r within %r delta (%r difference)" % (first, second, delta, diff)
        else:
            if places is None:
                places = 7
            if round(diff, places) == 0:
                return
            standard = "%r != %r within %r places (%r difference)" % (first, second, places, diff)
        raise self.failureException(self._msg(msg, standard))

    def assertNotAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        diff = abs(first - second)
        if delta is not None:
            if not (first == second) and diff > delta:
                return
        else:
            if places is None:
                places = 7
            if not (first == second) and round(diff, places) != 0:
                return
        raise self.failureException(self._msg(msg, "%r == %r" % (first, second)))

    def assertCountEqual(self, first, second, msg=None):
        a, b = list(first), list(second)
        for x in a:
            if x in b:
                b.remove(x)
            else:
                raise self.failureException(self._msg(msg, "Element counts were not equal"))
        if b:
            raise self.failureException(self._msg(msg, "Element counts were not equal"))

    def assertSequenceEqual(self, seq1, seq2, msg=None, seq_type=None):
        if seq_type is not None and not isinstance(seq1, seq_type):
            raise self.failureException(self._msg(msg, "First sequence is not a %s" %
                                                  seq_type.__name__))
        if list(seq1) != list(seq2):
            raise self.failureException(self._msg(msg, "%r != %r" % (seq1, seq2)))

    def assertListEqual(self, a, b, msg=None):
        self.assertSequenceEqual(a, b, msg, list)

    def assertTupleEqual(self, a, b, msg=None):
        self.assertSequenceEqual(a, b, msg, tuple)

    def assertDictEqual(self, a, b, msg=None):
        self.assertEqual(a, b, msg)

    def assertSetEqual(self, a, b, msg=None):
        self.assertEqual(a, b, msg)

    def assertMultiLineEqual(self, a, b, msg=None):
        self.assertEqual(a, b, msg)

    def assertRegex(self, text, regex, msg=None):
        import re
        if not re.search(regex, text):
            raise self.failureException(self._msg(msg, "Regex didn't match: %r not found in %r" %
                                                  (regex, text)))

    def assertNotRegex(self, text, regex, msg=None):
        import re
        m = re.search(regex, text)
        if m:
            raise self.failureException(self._msg(msg, "Regex matched: %r matches %r in %r" %
                                                  (m.group(0), regex, text)))

    def assertRaises(self, expected, *args, **kwargs):
        ctx = _Raises(self, expected)
        if not args:
            kwargs.pop("msg", None)
            return ctx
        func, args = args[0], args[1:]
        with ctx:
            func(*args, **kwargs)
        return ctx

    def assertRaisesRegex(self, expected, regex, *args, **kwargs):
        ctx = _Raises(self, expected, regex)
        if not args:
            return ctx
        func, args = args[0], args[1:]
        with ctx:
            func(*args, **kwargs)
        return ctx

    def assertWarns(self, expected, *args, **kwargs):
        import warnings

        class _Warns:
            def __enter__(w):
                w._cm = warnings.catch_warnings(record=True)
                w._log = w._cm.__enter__()
                warnings.simplefilter("always")
                return w

            def __exit__(w, typ, value, tb):
                w._cm.__exit__(typ, value, tb)
                if typ is not None:
                    return False
                for m in w._log:
                    if issubclass(m.category, expected):
                        w.warning = m.message
                        return False
                raise self.failureException("%s not triggered" % expected.__name__)
        ctx = _Warns()
        if not args:
            return ctx
        with ctx:
            args[0](*args[1:], **kwargs)
        return ctx


class FunctionTestCase(TestCase):
    def __init__(self, testFunc, setUp=None, tearDown=None, description=None):
        super().__init__()
        self._func = testFunc
        self._set_up = setUp
        self._tear_down = tearDown

    def setUp(self):
        if self._set_up is not None:
            self._set_up()

    def tearDown(self):
        if self._tear_down is not None:
            self._tear_down()

    def runTest(self):
        self._func()

    def id(self):
        return self._func.__name__


class TestSuite:
    def __init__(self, tests=()):
        self._tests = []
        self.addTests(tests)

    def addTest(self, test):
        self._tests.append(test)

    def addTests(self, tests):
        for t in tests:
            self.addTest(t)

    def __iter__(self):
        return iter(self._tests)

    def countTestCases(self):
        return sum(t.countTestCases() for t in self._tests)

    def __call__(self, result):
        return self.run(result)

    def run(self, result):
        done_classes = []
        for t in self._tests:
            if isinstance(t, TestCase):
                cls = type(t)
                if cls not in done_classes:
                    if done_classes:
                        _teardown_class(done_classes[-1], result)
                    done_classes.append(cls)
                    if not getattr(cls, "__unittest_skip__", False):
                        try:
                            cls.setUpClass()
                        except BaseException as e:
                            result.errors.append((_Named("setUpClass (%s.%s)" % (
                                cls.__module__, cls.__qualname__), None), _format_exc(e)))
                            cls._unittest_class_failed = True
                if getattr(cls, "_unittest_class_failed", False):
                    continue
            t.run(result)
        if done_classes:
            _teardown_class(done_classes[-1], result)
        return result


def _teardown_class(cls, result):
    if getattr(cls, "_unittest_class_failed", False) or getattr(cls, "__unittest_skip__", False):
        return
    try:
        cls.tearDownClass()
    except BaseException as e:
        result.errors.append((_Named("tearDownClass (%s.%s)" % (cls.__module__, cls.__qualname__),
                                     None), _format_exc(e)))


class TestLoader:
    testMethodPrefix = "test"

    def getTestCaseNames(self, cls):
        names = [n for n in dir(cls) if n.startswith(self.testMethodPrefix) and
                 callable(getattr(cls, n))]
        return sorted(names)

    def loadTestsFromTestCase(self, cls):
        names = self.getTestCaseNames(cls)
        if not names and hasattr(cls, "runTest"):
            names = ["runTest"]
        return TestSuite(cls(n) for n in names)

    def loadTestsFromModule(self, module):
        tests = []
        for name in dir(module):
            obj = getattr(module, name)
            if isinstance(obj, type) and issubclass(obj, TestCase) and obj not in (
                    TestCase, FunctionTestCase):
                tests.append(self.loadTestsFromTestCase(obj))
        return TestSuite(tests)

    def loadTestsFromName(self, name, module=None):
        parts = name.split(".")
        obj = module if module is not None else __import__(parts.pop(0))
        for p in parts:
            obj = getattr(obj, p)
        if isinstance(obj, type) and issubclass(obj, TestCase):
            return self.loadTestsFromTestCase(obj)
        if isinstance(obj, TestCase):
            return TestSuite([obj])
        if callable(obj) and module is not None and len(parts) == 2:
            return TestSuite([getattr(module, parts[0])(parts[1])])
        return self.loadTestsFromModule(obj)


defaultTestLoader = TestLoader()


class TestResult:
    def __init__(self, stream=None, descriptions=None, verbosity=0):
        self.failures = []
        self.errors = []
        self.skipped = []
        self.expectedFailures = []
        self.unexpectedSuccesses = []
        self.testsRun = 0
        self.shouldStop = False

    def startTest(self, test):
        self.testsRun += 1

    def stopTest(self, test):
        pass

    def addSuccess(self, test):
        pass

    def addFailure(self, test, err):
        self.failures.append((test, _format_exc(err)))

    def addError(self, test, err):
        self.errors.append((test, _format_exc(err)))

    def addSkip(self, test, reason):
        self.skipped.append((test, reason))

    def addSubTest(self, test, subtest, err, failure):
        (self.failures if failure else self.errors).append((subtest, _format_exc(err)))

    def addExpectedFailure(self, test, err):
        self.expectedFailures.append((test, _format_exc(err) if err else ""))

    def addUnexpectedSuccess(self, test):
        self.unexpectedSuccesses.append(test)

    def wasSuccessful(self):
        return not (self.failures or self.errors or self.unexpectedSuccesses)


class TextTestResult(TestResult):
    separator1 = "=" * 70
    separator2 = "-" * 70

    def __init__(self, stream, descriptions, verbosity):
        super().__init__()
        self.stream = stream
        self.verbosity = verbosity

    def _report(self, short, long):
        if self.verbosity > 1:
            self.stream.write(long + "\n")
        elif self.verbosity == 1:
            self.stream.write(short)
        self.stream.flush()

    def startTest(self, test):
        super().startTest(test)
        if self.verbosity > 1:
            self.stream.write(str(test) + " ... ")

    def addSuccess(self, test):
        self._report(".", "ok")

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._report("F", "FAIL")

    def addError(self, test, err):
        super().addError(test, err)
        self._report("E", "ERROR")

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._report("s", "skipped %r" % (reason,))

    def addSubTest(self, test, subtest, err, failure):
        super().addSubTest(test, subtest, err, failure)
        self._report("F" if failure else "E", "FAIL" if failure else "ERROR")

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self._report("x", "expected failure")

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._report("u", "unexpected success")

    def printErrors(self):
        if self.verbosity == 1:
            self.stream.write("\n")
        for kind, items in (("ERROR", self.errors), ("FAIL", self.failures)):
            for test, text in items:
                self.stream.write(self.separator1 + "\n")
                self.stream.write("%s: %s\n" % (kind, test))
                self.stream.write(self.separator2 + "\n")
                self.stream.write("%s\n" % text)


class TextTestRunner:
    def __init__(self, stream=None, descriptions=True, verbosity=1, failfast=False,
                 buffer=False, resultclass=None, warnings=None, **kwargs):
        self.stream = stream if stream is not None else sys.stderr
        self.verbosity = verbosity
        self.resultclass = resultclass or TextTestResult

    def run(self, test):
        result = self.resultclass(self.stream, True, self.verbosity)
        start = time.perf_counter()
        test(result)
        taken = time.perf_counter() - start
        result.printErrors()
        w = self.stream.write
        w(TextTestResult.separator2 + "\n")
        run = result.testsRun
        w("Ran %d test%s in %.3fs\n\n" % (run, "" if run == 1 else "s", taken))
        infos = []
        if not result.wasSuccessful():
            w("FAILED")
            if result.failures:
                infos.append("failures=%d" % len(result.failures))
            if result.errors:
                infos.append("errors=%d" % len(result.errors))
        elif run == 0 and not result.skipped:
            w("NO TESTS RAN")
        else:
            w("OK")
        if result.skipped:
            infos.append("skipped=%d" % len(result.skipped))
        if result.expectedFailures:
            infos.append("expected failures=%d" % len(result.expectedFailures))
        if result.unexpectedSuccesses:
            infos.append("unexpected successes=%d" % len(result.unexpectedSuccesses))
        w(" (%s)\n" % ", ".join(infos) if infos else "\n")
        self.stream.flush()
        return result


class TestProgram:
    """Run the tests of a module (by default __main__) and exit with their status."""

    def __init__(self, module="__main__", defaultTest=None, argv=None, testRunner=None,
                 testLoader=defaultTestLoader, exit=True, verbosity=1, failfast=None,
                 catchbreak=None, buffer=None, warnings=None):
        if isinstance(module, str):
            module = sys.modules[module]
        argv = list(sys.argv if argv is None else argv)
        names = []
        for a in argv[1:]:
            if a in ("-v", "--verbose"):
                verbosity = 2
            elif a in ("-q", "--quiet"):
                verbosity = 0
            elif not a.startswith("-"):
                names.append(a)
        if defaultTest is not None and not names:
            names = [defaultTest] if isinstance(defaultTest, str) else list(defaultTest)
        if names:
            test = TestSuite(testLoader.loadTestsFromName(n, module) for n in names)
        else:
            test = testLoader.loadTestsFromModule(module)
        runner = testRunner if testRunner is not None else TextTestRunner(verbosity=verbosity)
        if isinstance(runner, type):
            runner = runner(verbosity=verbosity)
        self.result = runner.run(test)
        if exit:
            sys.exit(not self.result.wasSuccessful())


main = TestProgram
