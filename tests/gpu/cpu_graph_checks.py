# gpu.graph() on the CPU backend (gpu/cpu_graph_checks): there is no CUDA work to record, so
# entering the block raises RuntimeError and nothing in it runs; the object still exists so a
# script can test for the backend. The CUDA side: tests/gpu/mock_graph_checks.py. The .exp is
# written by tests/gen_expected_checks.py.
import numpy as np
import gpu


def check(label, ok):
    print(label, "ok" if ok else "FAILED")


def raises(fn, exc, text):
    try:
        fn()
    except exc as e:
        return text in str(e)
    return False


check("the cpu backend", gpu.backend() == "cpu")
g = gpu.graph()
check("a graph object", isinstance(g, gpu.Graph) and repr(g).startswith("<gpu.Graph new"))
y = np.zeros(3)
ran = []


def capture():
    with g:
        ran.append(1)
        y[...] = 5


check("entering raises", raises(capture, RuntimeError, "CPU backend"))
check("the block did not run", ran == [] and y.tolist() == [0.0, 0.0, 0.0])
check("replay raises", raises(g.replay, RuntimeError, "holds no captured work"))
check("Graph() is graph()", repr(gpu.Graph()) == repr(gpu.graph()))
