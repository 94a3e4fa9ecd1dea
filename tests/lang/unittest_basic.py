# unittest: TestCase assertions, fixtures, skips, expected failures, subTest, the runner's
# report (stderr) and exit status
import sys
import unittest

log = []


class Basics(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        log.append("setUpClass")

    @classmethod
    def tearDownClass(cls):
        log.append("tearDownClass")

    def setUp(self):
        self.value = 41

    def tearDown(self):
        log.append("tearDown " + self._testMethodName)

    def test_equal(self):
        self.assertEqual(self.value + 1, 42)
        self.assertNotEqual(1, 2)
        self.assertTrue([1])
        self.assertFalse("")
        self.assertIs(None, None)
        self.assertIsNot(1, None)
        self.assertIsNone(None)
        self.assertIsNotNone(0)
        self.assertIn(1, [1, 2])
        self.assertNotIn(3, [1, 2])
        self.assertIsInstance(1, int)
        self.assertGreater(2, 1)
        self.assertLessEqual(1, 1)
        self.assertAlmostEqual(0.1 + 0.2, 0.3)
        self.assertAlmostEqual(1.0, 1.05, delta=0.1)
        self.assertCountEqual([1, 2, 2], [2, 1, 2])
        self.assertRegex("hello world", r"wor")
        self.assertListEqual([1], [1])

    def test_raises(self):
        with self.assertRaises(ZeroDivisionError) as cm:
            1 / 0
        self.assertEqual(type(cm.exception), ZeroDivisionError)
        self.assertRaises(KeyError, {}.__getitem__, 1)
        with self.assertRaisesRegex(ValueError, "bad"):
            raise ValueError("a bad value")
        try:
            with self.assertRaises(TypeError):
                pass
        except AssertionError as e:
            log.append(str(e))

    def test_messages(self):
        for f, args in [(self.assertEqual, (1, 2)), (self.assertTrue, (0,)),
                        (self.assertIn, (5, [1])), (self.assertIsNone, (3,)),
                        (self.assertAlmostEqual, (1.0, 1.1)), (self.assertEqual, (1, 2, "why"))]:
            try:
                f(*args)
            except AssertionError as e:
                log.append(str(e))

    @unittest.skip("not today")
    def test_skipped(self):
        raise RuntimeError

    @unittest.skipIf(True, "condition")
    def test_skip_if(self):
        raise RuntimeError

    @unittest.skipUnless(True, "runs")
    def test_skip_unless(self):
        pass

    def test_skip_inside(self):
        self.skipTest("from inside")

    @unittest.expectedFailure
    def test_expected_failure(self):
        self.assertEqual(1, 0)

    def test_subtests(self):
        for i in range(4):
            with self.subTest(i=i):
                self.assertLess(i, 3)


class Failing(unittest.TestCase):
    def test_fail(self):
        self.fail("deliberate")

    def test_error(self):
        raise KeyError("oops")

    def test_ok(self):
        pass


if __name__ == "__main__":
    import io
    out = io.StringIO()
    result = unittest.main(exit=False, testRunner=unittest.TextTestRunner(stream=out)).result
    report = out.getvalue()
    print(report.splitlines()[0], report.count("FAIL:"), report.count("ERROR:"),
          report.strip().splitlines()[-1])
    print(result.testsRun, len(result.failures), len(result.errors), len(result.skipped),
          len(result.expectedFailures), result.wasSuccessful())
    print(sorted(str(t) for t, _ in result.failures))
    print(sorted(str(t) for t, _ in result.errors))
    print(log)
    suite = unittest.TestLoader().loadTestsFromTestCase(Basics)
    print(suite.countTestCases())
    out = io.StringIO()
    r = unittest.TextTestRunner(stream=out, verbosity=2).run(
        unittest.TestSuite([Basics("test_equal"), Basics("test_skipped")]))
    print(r.wasSuccessful(), out.getvalue().splitlines()[:2], out.getvalue().splitlines()[-1])
    class Only(unittest.TestCase):
        def test_a(self):
            pass
    unittest.main(module=None, defaultTest=[], exit=False, testRunner=unittest.TextTestRunner(
        stream=sys.stdout)) if False else None
    print(unittest.main.__name__)
