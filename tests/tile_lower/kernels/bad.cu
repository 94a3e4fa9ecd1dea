// tile prelude test: a kernel NVRTC must reject (the error path and its log).
extern "C" __global__ void __launch_bounds__(KR_NT) bad(KrArr<float, 1> a) {
    kr_no_such_function(a);
}
